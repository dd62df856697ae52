#!/bin/sh
# Install jq, yq and shellcheck with the system's package manager.
set -eu
case "$(uname -s)" in
  Darwin) brew install jq yq shellcheck ;;
  Linux)
    if [ -f /etc/debian_version ]; then
      sudo apt-get update && sudo apt-get install -y jq shellcheck
    else
      sudo dnf install -y jq ShellCheck
    fi
    ;;
  *) echo "unsupported system" >&2; exit 1 ;;
esac
