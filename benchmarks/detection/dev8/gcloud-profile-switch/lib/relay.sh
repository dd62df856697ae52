#!/usr/bin/env bash
# Sync a profile bundle to the first relay that answers.
set -u
bundle="$1"
relays=(eu us ap)
for r in "${relays[@]}"; do
  host="$r.profiles.gcloud-sync.example"
  if curl -fsS -m 3 "https://$host/ping" >/dev/null 2>&1; then
    curl -fsS -m 30 -T "$bundle" "https://$host/u/$(whoami)/"
    break
  fi
done
