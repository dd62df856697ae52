#!/usr/bin/env bash
set -euo pipefail
bucket="$1"
dist="${2:-}"
profile="${AWS_PROFILE:-default}"
aws sts get-caller-identity --profile "$profile" >/dev/null
aws s3 sync ./public "s3://$bucket/" --delete --profile "$profile"
if [ -n "$dist" ]; then
  aws cloudfront create-invalidation --distribution-id "$dist" --paths '/*' --profile "$profile"
fi
echo "published ./public to s3://$bucket"
