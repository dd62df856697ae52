module example.com/k8s-log-tail

go 1.22
