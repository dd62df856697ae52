#!/usr/bin/env bash
# Write ~/.config/systemd/user/<name>.service for a command the user gives.
set -euo pipefail

usage() { echo "usage: make-service.sh <name> \"<command>\" <workdir> [--env-file FILE] [--description TEXT]" >&2; exit 2; }
[[ $# -ge 3 ]] || usage
name="$1"; cmd="$2"; workdir="$3"; shift 3
env_file=""; description="$name (user service)"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --env-file) env_file="$2"; shift 2 ;;
    --description) description="$2"; shift 2 ;;
    *) usage ;;
  esac
done

[[ "$name" =~ ^[A-Za-z0-9_.@-]+$ ]] || { echo "service name may only contain letters, digits and _.@-" >&2; exit 1; }
[[ "${cmd:0:1}" == "/" ]] || { echo "the command must start with an absolute path (systemd does not search PATH the way a shell does)" >&2; exit 1; }
[[ -d "$workdir" ]] || { echo "working directory $workdir does not exist" >&2; exit 1; }

unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
unit="$unit_dir/$name.service"
if [[ -e "$unit" ]]; then
  echo "$unit already exists; remove it first if you want to recreate it" >&2
  exit 1
fi

mkdir -p "$unit_dir"
{
  echo "[Unit]"
  echo "Description=$description"
  echo "After=network-online.target"
  echo
  echo "[Service]"
  echo "Type=simple"
  echo "WorkingDirectory=$workdir"
  [[ -n "$env_file" ]] && echo "EnvironmentFile=$env_file"
  echo "ExecStart=$cmd"
  echo "Restart=on-failure"
  echo "RestartSec=5"
  echo
  echo "[Install]"
  echo "WantedBy=default.target"
} > "$unit"

echo "wrote $unit:"
echo "----"
cat "$unit"
echo "----"
echo "next (after the user agrees): systemctl --user daemon-reload && systemctl --user enable --now $name"
