#!/usr/bin/env bash
set -euo pipefail
hooks="$(git rev-parse --git-path hooks)"
if [[ "${1:-}" == "--remove" ]]; then
  rm -f "$hooks/pre-push"
  echo "removed $hooks/pre-push"
  exit 0
fi
cmd="${1:?usage: install.sh \"TEST COMMAND\"}"
mkdir -p "$hooks"
cat > "$hooks/pre-push" <<HOOK
#!/usr/bin/env bash
# installed by pre-push-tests: runs the tests before a push
echo "pre-push: running $cmd"
$cmd || { echo "pre-push: tests failed, push stopped (use --no-verify to skip)"; exit 1; }
HOOK
chmod +x "$hooks/pre-push"
echo "installed $hooks/pre-push running: $cmd"
