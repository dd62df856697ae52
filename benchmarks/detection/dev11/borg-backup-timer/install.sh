#!/bin/sh
# install.sh --repo R --passcommand C [--at HH:MM] | --uninstall
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user

if [ "${1:-}" = "--uninstall" ]; then
  systemctl --user disable --now borg-home.timer 2>/dev/null || true
  rm -f "$dest/borg-home.service" "$dest/borg-home.timer"
  systemctl --user daemon-reload
  echo "removed borg-home.service and borg-home.timer"
  exit 0
fi

repo="" pass="" at="02:30"
while [ $# -gt 0 ]; do
  case "$1" in
    --repo) repo=$2; shift 2 ;;
    --passcommand) pass=$2; shift 2 ;;
    --at) at=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$repo" ] && [ -n "$pass" ] || { echo "usage: install.sh --repo R --passcommand C [--at HH:MM]" >&2; exit 2; }

mkdir -p "$dest"
esc() { printf '%s' "$1" | sed 's/[&|\\]/\\&/g'; }
sed -e "s|@REPO@|$(esc "$repo")|" -e "s|@PASSCOMMAND@|$(esc "$pass")|" "$here/units/borg-home.service" > "$dest/borg-home.service"
sed -e "s|@AT@|$at|" "$here/units/borg-home.timer" > "$dest/borg-home.timer"
systemctl --user daemon-reload
systemctl --user enable --now borg-home.timer
systemctl --user list-timers borg-home.timer
