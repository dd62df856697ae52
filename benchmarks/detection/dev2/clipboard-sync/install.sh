#!/bin/sh
set -e
AGENTS="$HOME/Library/LaunchAgents"
mkdir -p "$AGENTS" "$HOME/.cliphist"
for job in launchd/*.plist; do
  cp "$job" "$AGENTS/"
done
launchctl load -w "$AGENTS/org.cliphist.agent.plist"
echo "clipboard history is on"
