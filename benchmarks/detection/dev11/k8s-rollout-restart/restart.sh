#!/usr/bin/env bash
# restart.sh --context C --namespace N --deployment D: rolling restart with confirmation.
set -euo pipefail

ctx="" ns="" dep=""
while (( $# )); do
  case $1 in
    --context) ctx=$2; shift 2 ;;
    --namespace) ns=$2; shift 2 ;;
    --deployment) dep=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -n $ctx && -n $ns && -n $dep ]] || { echo "usage: restart.sh --context C --namespace N --deployment D" >&2; exit 2; }

k() { kubectl --context "$ctx" --namespace "$ns" "$@"; }

k get deployment "$dep" -o wide
read -r -p "Type the deployment name to restart it in $ctx/$ns: " answer
[[ $answer == "$dep" ]] || { echo "not confirmed; nothing done"; exit 1; }

k rollout restart deployment/"$dep"
if k rollout status deployment/"$dep" --timeout=5m; then
  k get pods -l "$(k get deployment "$dep" -o jsonpath='{.spec.selector.matchLabels}' | jq -r 'to_entries|map("\(.key)=\(.value)")|join(",")')" -o wide
else
  echo "rollout did not finish in 5 minutes; to roll back: kubectl --context $ctx -n $ns rollout undo deployment/$dep" >&2
  exit 1
fi
