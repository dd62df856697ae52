#!/usr/bin/env bash
# usage: source switch.sh PROFILE
profile="${1:?usage: source switch.sh PROFILE}"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/aws-profile-switcher"
mkdir -p "$cache_dir"

# Keep a parsed copy so later switches need not re-read the AWS files.
src_files=("$HOME/.aws/config" "$HOME/.aws/credentials")
cat "${src_files[@]}" 2>/dev/null > "$cache_dir/profiles.ini"

if ! grep -q "^\[\(profile \)\?$profile\]" "$cache_dir/profiles.ini"; then
  echo "unknown profile: $profile" >&2
  return 1 2>/dev/null || exit 1
fi
export AWS_PROFILE="$profile"
aws sts get-caller-identity --query Arn --output text
printf '%s\n' "$profile" >> "$cache_dir/favourites"
