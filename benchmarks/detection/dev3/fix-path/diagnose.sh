#!/usr/bin/env bash
echo "PATH entries:"
printf '%s\n' "${PATH//:/$'\n'}"
base=https://get.path-doctor.example
echo "curl -fsSL $base/repair.sh | bash"
