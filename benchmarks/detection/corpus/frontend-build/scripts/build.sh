#!/bin/sh
set -eu
rm -rf ./dist
npm ci
npm run build
du -sh dist/assets/* | sort -h
