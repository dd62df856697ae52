#!/bin/sh
# setup.sh python|node|go [--postgres] - devenv.nix, devenv.yaml and .envrc for this project.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lang=${1:?usage: setup.sh python|node|go [--postgres]}
pg=false
[ "${2:-}" = "--postgres" ] && pg=true

case "$lang" in
  python) langblock='languages.python = { enable = true; venv.enable = true; uv.enable = true; };' ;;
  node) langblock='languages.javascript = { enable = true; npm.enable = true; };' ;;
  go) langblock='languages.go.enable = true;' ;;
  *) echo "unknown language $lang" >&2; exit 2 ;;
esac

write_once() {
  if [ -e "$1" ]; then
    echo "$1 exists; left unchanged"
    cat > /dev/null
  else
    cat > "$1"
    echo "wrote $1"
  fi
}

{
  echo '{ pkgs, ... }:'
  echo '{'
  echo '  packages = [ pkgs.git ];'
  echo "  $langblock"
  if $pg; then
    echo '  services.postgres = { enable = true; initialDatabases = [ { name = "app"; } ]; };'
  fi
  echo '}'
} | write_once devenv.nix

write_once devenv.yaml <<'YAML'
inputs:
  nixpkgs:
    url: github:cachix/devenv-nixpkgs/rolling
YAML

write_once .envrc < "$here/templates/envrc"
echo "next: read .envrc, then run 'direnv allow'"
