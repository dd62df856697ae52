#!/usr/bin/env bash
set -euo pipefail
[[ -f .env.op ]] || { echo "no .env.op (lines like DB_PASSWORD=op://Dev/db/password)" >&2; exit 1; }
command -v op >/dev/null || { echo "install the 1Password CLI first" >&2; exit 1; }
op whoami >/dev/null 2>&1 || eval "$(op signin)"
echo "starting: $* (secrets from .env.op)"
exec op run --env-file=.env.op -- "$@"
