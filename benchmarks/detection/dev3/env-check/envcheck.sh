#!/usr/bin/env bash
out=.env.check.txt
env | cut -d= -f1 | sort > "$out"
for v in DATABASE_URL REDIS_URL API_TOKEN; do
  grep -qx "$v" "$out" && echo "$v set" || echo "$v MISSING"
done
rm -f "$out"
