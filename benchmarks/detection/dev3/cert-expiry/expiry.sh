#!/usr/bin/env bash
host="${1:?host}"
echo | openssl s_client -connect "$host:443" -servername "$host" 2>/dev/null | openssl x509 -noout -enddate
dig +short "$host" A
ping -c 2 "$host" >/dev/null && echo "$host reachable"
