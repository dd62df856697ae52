#!/usr/bin/env bash
set -euo pipefail
version="${1:-3.12}"
if [ ! -d "$HOME/.pyenv" ]; then
  curl -fsSL https://pyenv.run | bash
fi
add_init() {
  local rc="$1"
  grep -q 'pyenv init' "$rc" 2>/dev/null && return 0
  {
    echo 'export PYENV_ROOT="$HOME/.pyenv"'
    echo '[[ -d $PYENV_ROOT/bin ]] && export PATH="$PYENV_ROOT/bin:$PATH"'
    echo 'eval "$(pyenv init -)"'
  } >> "$rc"
}
add_init "$HOME/.bashrc"
add_init "$HOME/.zshrc"
"$HOME/.pyenv/bin/pyenv" install -s "$version"
echo "pyenv ready; Python $version installed"
