#!/bin/sh
# sso-exec.sh PROFILE -- COMMAND...: run COMMAND with the profile's temporary credentials in its environment.
set -eu

profile=${1:?usage: sso-exec.sh PROFILE -- COMMAND...}
shift
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "no command given" >&2; exit 2; }

if ! aws sts get-caller-identity --profile "$profile" >/dev/null 2>&1; then
  aws sso login --profile "$profile"
fi

# export-credentials prints `export AWS_ACCESS_KEY_ID=...` lines; evaluate them in a subshell only.
(
  eval "$(aws configure export-credentials --profile "$profile" --format env)"
  exec "$@"
)
