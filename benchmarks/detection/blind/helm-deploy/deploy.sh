#!/usr/bin/env bash
set -euo pipefail

release=${1:?release name}
chart=${2:?chart directory}
ns=${3:?namespace}
values=${4:-}

ctx=$(kubectl config current-context)
echo "context: $ctx  namespace: $ns  release: $release"

kubectl get namespace "$ns" >/dev/null 2>&1 || kubectl create namespace "$ns"
helm dependency update "$chart" >/dev/null

args=(upgrade --install "$release" "$chart" --namespace "$ns" --atomic --timeout 5m)
[[ -n "$values" ]] && args+=(--values "$values")
helm "${args[@]}"

kubectl rollout status deployment -l "app.kubernetes.io/instance=$release" -n "$ns" --timeout=300s
kubectl get pods -n "$ns" -l "app.kubernetes.io/instance=$release" -o wide
