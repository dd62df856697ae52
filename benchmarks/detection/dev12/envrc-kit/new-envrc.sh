#!/bin/sh
# new-envrc.sh [--aws PROFILE] [--kube CONTEXT] - write .envrc from the template.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
aws="" kube=""
while [ $# -gt 0 ]; do
  case "$1" in
    --aws) aws=$2; shift 2 ;;
    --kube) kube=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[ -e .envrc ] && { echo ".envrc exists; merge by hand (template: $here/templates/envrc)" >&2; exit 1; }
cp "$here/templates/envrc" .envrc
[ -n "$aws" ] && printf 'use_aws_profile %s\n' "$aws" >> .envrc
[ -n "$kube" ] && printf 'use_kubecontext %s\n' "$kube" >> .envrc
printf 'source_env_if_exists .envrc.local\n' >> .envrc
echo "wrote .envrc; review it, then run: direnv allow"
