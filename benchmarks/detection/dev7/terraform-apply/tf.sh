#!/usr/bin/env bash
set -euo pipefail
cmd="${1:-plan}"
terraform fmt -check -recursive
terraform init -input=false -upgrade=false >/dev/null
terraform validate
case "$cmd" in
  plan)
    terraform plan -input=false -out=tfplan
    terraform show -no-color tfplan | grep -E '^(Plan|No changes)' ;;
  apply)
    [ -f tfplan ] || { echo "run plan first" >&2; exit 1; }
    terraform apply -input=false tfplan ;;
  *) echo "usage: tf.sh plan|apply" >&2; exit 2 ;;
esac
