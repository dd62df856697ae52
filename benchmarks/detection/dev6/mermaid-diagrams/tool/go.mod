module example.com/mermaid-check

go 1.22
