#!/bin/sh
# Resize every image in $1 to at most $2 pixels wide.
set -eu
for f in "$1"/*.png "$1"/*.jpg "$1"/*.jpeg "$1"/*.webp; do
  [ -e "$f" ] || continue
  magick "$f" -resize "${2}x>" "$f"
done
