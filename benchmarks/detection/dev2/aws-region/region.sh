#!/bin/sh
profile="${AWS_PROFILE:-default}"
echo "profile: $profile"
awk -v p="[profile $profile]" '$0 == p || $0 == "[default]" {f=1; next} /^\[/ {f=0} f && /region/' ~/.aws/config
