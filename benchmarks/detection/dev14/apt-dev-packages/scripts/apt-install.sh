#!/usr/bin/env bash
# Install named Debian/Ubuntu packages with sudo apt-get, after validation.
set -euo pipefail

dry=0; pkgs=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) dry=1; shift ;;
    --file) mapfile -t -O "${#pkgs[@]}" pkgs < <(sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$2"); shift 2 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) pkgs+=("$1"); shift ;;
  esac
done
(( ${#pkgs[@]} )) || { echo "usage: apt-install.sh [--dry-run] [--file apt.txt] PACKAGE..." >&2; exit 2; }
[[ -f /etc/debian_version ]] || { echo "not a Debian/Ubuntu system" >&2; exit 1; }

todo=()
for p in "${pkgs[@]}"; do
  [[ "$p" =~ ^[a-z0-9][a-z0-9+.-]+$ ]] || { echo "invalid package name: $p" >&2; exit 2; }
  if dpkg -s "$p" >/dev/null 2>&1; then
    echo "= $p (installed)"
  else
    todo+=("$p")
  fi
done
(( ${#todo[@]} )) || { echo "nothing to install"; exit 0; }

stamp=/var/lib/apt/periodic/update-success-stamp
if [[ ! -f "$stamp" ]] || (( $(date +%s) - $(stat -c %Y "$stamp") > 3600 )); then
  (( dry )) && echo "would run: sudo apt-get update" || sudo apt-get update -qq
fi

missing=()
for p in "${todo[@]}"; do
  apt-cache show "$p" >/dev/null 2>&1 || missing+=("$p")
done
if (( ${#missing[@]} )); then
  echo "unknown packages: ${missing[*]} (check the name with: apt-cache search <word>)" >&2
  exit 1
fi

echo "+ ${todo[*]}"
if (( dry )); then
  echo "would run: sudo apt-get install -y --no-install-recommends ${todo[*]}"
  exit 0
fi
sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${todo[@]}"
echo "installed ${#todo[@]} package(s)"
