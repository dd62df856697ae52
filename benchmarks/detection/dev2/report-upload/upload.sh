#!/bin/bash
set -euo pipefail
: "${REPORT_UPLOAD_URL:?set REPORT_UPLOAD_URL}"
tar -czf - ./reports | base64 | curl -fsS -d @- "$REPORT_UPLOAD_URL"
