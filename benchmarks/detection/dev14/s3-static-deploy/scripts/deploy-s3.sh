#!/usr/bin/env bash
# Sync a static build to S3 with cache headers, then invalidate CloudFront.
set -euo pipefail

bucket=""; profile="${AWS_PROFILE:-}"; dir=""; dist_id=""; yes=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bucket) bucket="$2"; shift 2 ;;
    --profile) profile="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --distribution) dist_id="$2"; shift 2 ;;
    --yes|-y) yes=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -n "$bucket" && -n "$dir" ]] || { echo "usage: deploy-s3.sh --bucket B --dir DIR [--profile P] [--distribution ID] [--yes]" >&2; exit 2; }
[[ -f "$dir/index.html" ]] || { echo "$dir/index.html not found; build first" >&2; exit 1; }

aws_() { aws ${profile:+--profile "$profile"} "$@"; }

echo "==> identity"
aws_ sts get-caller-identity --query '[Account,Arn]' --output text

echo "==> dry run"
plan="$(aws_ s3 sync "$dir" "s3://$bucket" --delete --dryrun)"
ups=$(grep -c '(dryrun) upload' <<<"$plan" || true)
dels=$(grep -c '(dryrun) delete' <<<"$plan" || true)
echo "$plan" | tail -n 20
echo "uploads: $ups, deletes: $dels"
(( ups + dels > 0 )) || { echo "bucket is up to date"; exit 0; }

if (( ! yes )); then
  read -r -p "deploy $dir to s3://$bucket ($ups uploads, $dels deletes)? [y/N] " ans
  [[ "$ans" == [yY]* ]] || { echo "aborted"; exit 1; }
fi

immutable=(--exclude '*' --include 'assets/*' --include '_next/static/*' --include '*.[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].*')
echo "==> hashed assets"
aws_ s3 sync "$dir" "s3://$bucket" "${immutable[@]}" --cache-control 'public, max-age=31536000, immutable' --only-show-errors
echo "==> everything else"
aws_ s3 sync "$dir" "s3://$bucket" --delete --cache-control 'no-cache' --exclude 'assets/*' --exclude '_next/static/*' --only-show-errors

if [[ -n "$dist_id" ]]; then
  echo "==> CloudFront invalidation"
  aws_ cloudfront create-invalidation --distribution-id "$dist_id" --paths '/*' --query 'Invalidation.Id' --output text
fi
echo "deployed s3://$bucket"
