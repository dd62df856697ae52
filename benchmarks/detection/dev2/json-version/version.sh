#!/bin/sh
python3 -c "import json,sys; print(json.load(sys.stdin)['version'])" < package.json
if [ "$1" = patch ]; then
  node -e "const fs=require('fs');const p=JSON.parse(fs.readFileSync('package.json','utf8'));const v=p.version.split('.');v[2]=String(+v[2]+1);p.version=v.join('.');fs.writeFileSync('package.json',JSON.stringify(p,null,2)+'\n')"
fi
