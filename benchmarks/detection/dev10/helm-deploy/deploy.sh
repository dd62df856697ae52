#!/usr/bin/env bash
set -euo pipefail
ctx="$1" ns="$2" release="$3" chart="$4" values="${5:-}"
args=(--kube-context "$ctx" -n "$ns")
[[ -n "$values" ]] && args+=(-f "$values")
if helm plugin list | grep -q '^diff'; then
  helm diff upgrade "$release" "$chart" "${args[@]}" --allow-unreleased || true
fi
read -r -p "Deploy $release to $ctx/$ns? [y/N] " ok
[[ "$ok" == [yY] ]] || { echo "aborted"; exit 1; }
helm upgrade --install "$release" "$chart" "${args[@]}" --create-namespace --atomic --timeout 5m
helm status "$release" --kube-context "$ctx" -n "$ns"
