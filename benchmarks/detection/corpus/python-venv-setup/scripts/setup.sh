#!/bin/sh
set -eu
python3 -m venv .venv
.venv/bin/pip install --upgrade pip
.venv/bin/pip install -r requirements.txt
chmod +x scripts/run.sh
echo "activate with: . .venv/bin/activate"
