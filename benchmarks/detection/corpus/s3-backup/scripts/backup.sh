#!/bin/bash
set -euo pipefail
export AWS_ACCESS_KEY_ID=AKIAQX4BHMW7ZT2LN5PV
export AWS_SECRET_ACCESS_KEY=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
aws s3 sync "$1" "s3://$2/$(hostname)/$(date +%F)/" --sse AES256
