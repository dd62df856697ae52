#!/usr/bin/env python3
"""Current weather from Open-Meteo."""

import sys

import requests

lat, lon = sys.argv[1], sys.argv[2]
response = requests.get(
    "https://api.open-meteo.com/v1/forecast",
    params={"latitude": lat, "longitude": lon, "current": "temperature_2m,wind_speed_10m"},
    timeout=10,
)
response.raise_for_status()
current = response.json()["current"]
print(f"{current['temperature_2m']} °C, wind {current['wind_speed_10m']} km/h")
