#!/usr/bin/env bash
# Create, enable and start a systemd *user* service for one of the user's programs.
set -euo pipefail

name=""; exec_line=""; workdir=""; env_file=""; after=""; linger=0; remove=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --name) name="$2"; shift 2 ;;
    --exec) exec_line="$2"; shift 2 ;;
    --workdir) workdir="$2"; shift 2 ;;
    --env-file) env_file="$2"; shift 2 ;;
    --after) after="$2"; shift 2 ;;
    --linger) linger=1; shift ;;
    --remove) remove="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"

if [[ -n "$remove" ]]; then
  systemctl --user disable --now "$remove.service" 2>/dev/null || true
  rm -f "$unit_dir/$remove.service"
  systemctl --user daemon-reload
  echo "removed $remove.service"
  exit 0
fi

[[ "$name" =~ ^[a-zA-Z0-9][a-zA-Z0-9_.-]*$ ]] || { echo "--name: letters, digits, . _ -" >&2; exit 2; }
[[ -n "$exec_line" ]] || { echo "--exec is required" >&2; exit 2; }

read -r -a argv <<<"$exec_line"
prog="$(command -v "${argv[0]/#\~/$HOME}" || true)"
[[ -n "$prog" && -x "$prog" ]] || { echo "not an executable: ${argv[0]}" >&2; exit 1; }
argv[0]="$(readlink -f "$prog")"

mkdir -p "$unit_dir"
unit="$unit_dir/$name.service"
[[ -f "$unit" ]] && cp "$unit" "$unit.bak"
{
  echo "[Unit]"
  echo "Description=$name (user service)"
  [[ -n "$after" ]] && { echo "After=$after"; echo "Wants=$after"; }
  echo
  echo "[Service]"
  echo "ExecStart=${argv[*]}"
  [[ -n "$workdir" ]] && echo "WorkingDirectory=$(readlink -f "${workdir/#\~/$HOME}")"
  [[ -n "$env_file" ]] && echo "EnvironmentFile=-$(readlink -f "${env_file/#\~/$HOME}")"
  echo "Restart=on-failure"
  echo "RestartSec=5"
  echo
  echo "[Install]"
  echo "WantedBy=default.target"
} >"$unit"

systemd-analyze --user verify "$unit" 2>/dev/null || echo "note: systemd-analyze reported warnings for $unit"
systemctl --user daemon-reload
systemctl --user enable --now "$name.service"
(( linger )) && loginctl enable-linger "$USER"
systemctl --user --no-pager status "$name.service" | head -n 5
echo "logs: journalctl --user -u $name -f"
