#!/usr/bin/env bash
set -euo pipefail
chart="${1:?chart dir}"; release="${2:?release}"; ns="${3:?namespace}"; values="${4:-}"
ctx="$(kubectl config current-context)"
args=(--namespace "$ns" --create-namespace)
[ -n "$values" ] && args+=(-f "$values")

echo "context:   $ctx"
echo "release:   $release in $ns"
if helm plugin list 2>/dev/null | grep -q '^diff'; then
  helm diff upgrade "$release" "$chart" "${args[@]}" || true
fi
read -r -p "Deploy to $ctx? [y/N] " ok
[ "$ok" = "y" ] || { echo "aborted"; exit 1; }
helm upgrade --install "$release" "$chart" "${args[@]}" --atomic --timeout 5m
kubectl -n "$ns" get pods -l "app.kubernetes.io/instance=$release"
