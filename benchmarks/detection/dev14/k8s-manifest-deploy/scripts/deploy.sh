#!/usr/bin/env bash
# Diff, apply and wait for a manifest folder or kustomize overlay on a named context.
set -euo pipefail

ctx=""; ns=""; yes=0; rollback=""; path=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --context) ctx="$2"; shift 2 ;;
    --namespace|-n) ns="$2"; shift 2 ;;
    --yes|-y) yes=1; shift ;;
    --rollback) rollback="$2"; shift 2 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) path="$1"; shift ;;
  esac
done
[[ -n "$ctx" && -n "$ns" ]] || { echo "--context and --namespace are required" >&2; exit 2; }
kubectl config get-contexts -o name | grep -qxF "$ctx" || { echo "unknown context $ctx" >&2; exit 1; }
k() { kubectl --context "$ctx" --namespace "$ns" "$@"; }

confirm() {
  if [[ "$ctx" == *prod* ]]; then
    read -r -p "type the context name ($ctx) to continue: " typed
    [[ "$typed" == "$ctx" ]] || { echo "aborted"; exit 1; }
  elif (( ! yes )); then
    read -r -p "apply to $ctx/$ns? [y/N] " ans
    [[ "$ans" == [yY]* ]] || { echo "aborted"; exit 1; }
  fi
}

if [[ -n "$rollback" ]]; then
  k rollout history "$rollback"
  confirm
  k rollout undo "$rollback"
  k rollout status "$rollback" --timeout=5m
  exit 0
fi

[[ -d "$path" ]] || { echo "manifest folder not found: $path" >&2; exit 2; }
if [[ -f "$path/kustomization.yaml" || -f "$path/kustomization.yml" ]]; then src=(-k "$path"); else src=(-f "$path" --recursive); fi

echo "==> server-side dry run"
k apply "${src[@]}" --dry-run=server >/dev/null

echo "==> diff against $ctx/$ns"
set +e
k diff "${src[@]}"
rc=$?
set -e
if (( rc == 0 )); then echo "no changes"; exit 0; fi
(( rc == 1 )) || { echo "kubectl diff failed ($rc)" >&2; exit "$rc"; }

confirm
echo "==> apply"
k apply "${src[@]}"

echo "==> rollouts"
mapfile -t workloads < <(k apply "${src[@]}" --dry-run=client -o jsonpath='{range .items[*]}{.kind}/{.metadata.name}{"\n"}{end}' 2>/dev/null \
  | grep -E '^(Deployment|StatefulSet|DaemonSet)/' || true)
for w in "${workloads[@]}"; do
  k rollout status "${w,,}" --timeout=5m
done
echo "deployed to $ctx/$ns"
