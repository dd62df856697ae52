#!/usr/bin/env bash
set -eu
dest="${1:?usage: deploy.sh user@host}"
npm run build
rsync -az --delete ./dist/ "$dest:/srv/www/site/"
scp ./dist/index.html "$dest:/srv/www/site/index.html"
echo "deployed to $dest"
