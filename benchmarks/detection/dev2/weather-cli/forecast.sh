#!/bin/bash
cd "$(dirname "$0")"
api=$(jq -r .api config.json)
curl -fsS -H "X-Api-Key: ${WEATHER_API_KEY}" "$api/forecast?days=3&q=$(printf '%s' "$1" | jq -sRr @uri)" | jq .
