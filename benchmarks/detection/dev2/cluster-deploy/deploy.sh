#!/bin/bash
set -euo pipefail
cd "$(dirname "$0")"
kubectl config current-context
kubectl apply -f k8s/
helm upgrade --install myapp ./chart --namespace myapp --create-namespace
