module example.invalid/k8s-cost-report

go 1.22
