#!/usr/bin/env bash
set -euo pipefail
ns="${1:?namespace}"
deploy="${2:?deployment}"
ctx=$(kubectl config current-context)
echo "context: $ctx  namespace: $ns"
kubectl --namespace "$ns" apply --dry-run=server -f k8s/ >/dev/null
kubectl --namespace "$ns" apply -f k8s/
if ! kubectl --namespace "$ns" rollout status "deployment/$deploy" --timeout=300s; then
  echo "rollout did not finish; rolling back" >&2
  kubectl --namespace "$ns" rollout undo "deployment/$deploy"
  exit 1
fi
