module example.com/kube-lens

go 1.22
