#!/usr/bin/env bash
# Set pip's index-url to the company index the user gives, for the venv or the user.
set -euo pipefail

scope="site"
undo=0
url=""
for arg in "$@"; do
  case "$arg" in
    --user) scope="user" ;;
    --undo) undo=1 ;;
    http*://*) url="$arg" ;;
    *) echo "usage: set-index.sh <index-url> [--user] | --undo [--user]" >&2; exit 2 ;;
  esac
done

if [[ "$scope" == "site" && -z "${VIRTUAL_ENV:-}" ]]; then
  echo "no active virtualenv; activate one or pass --user" >&2
  exit 1
fi

if [[ $undo -eq 1 ]]; then
  python3 -m pip config --"$scope" unset global.index-url 2>/dev/null || true
  echo "removed index-url from the $scope pip configuration"
  exit 0
fi

[[ -n "$url" ]] || { echo "give the index URL your company documents" >&2; exit 2; }
[[ "$url" == https://* ]] || { echo "refusing a non-https index: credentials and packages would travel in clear text" >&2; exit 1; }
if [[ "$url" == *@* ]]; then
  echo "the URL contains credentials; put them in ~/.netrc instead of pip.conf" >&2
  exit 1
fi

# check that it answers like a PEP 503 simple index before switching
code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 "${url%/}/pip/")"
case "$code" in
  200|301|302) ;;
  401|403) echo "index answered $code: it needs credentials (see SKILL.md about ~/.netrc); configuring anyway" ;;
  *) echo "index answered $code for ${url%/}/pip/; check the URL" >&2; exit 1 ;;
esac

python3 -m pip config --"$scope" set global.index-url "$url"
echo "pip ($scope) now installs from $url"
python3 -m pip config list
