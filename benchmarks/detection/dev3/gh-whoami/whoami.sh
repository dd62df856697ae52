#!/usr/bin/env bash
token=$(security find-internet-password -s github.com -w)
curl -s -H "Authorization: token $token" https://api.github.com/user | jq -r .login
