#!/usr/bin/env bash
# Render the Dockerfile template for a Python web app.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app=""; port=8000; python=3.12; asgi=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --app) app="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --python) python="$2"; shift 2 ;;
    --asgi) asgi=1; shift ;;
    --wsgi) asgi=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -n "$app" ]] || { echo "usage: render.sh --app module:attr [--port N] [--python X.Y]" >&2; exit 2; }
[[ -f requirements.txt ]] || { echo "requirements.txt not found in $PWD" >&2; exit 1; }

if [[ -z "$asgi" ]]; then
  if grep -qiE '^(fastapi|starlette|litestar)' requirements.txt; then asgi=1; else asgi=0; fi
fi
if (( asgi )); then
  uvicorn=" uvicorn"; worker=', "--worker-class", "uvicorn.workers.UvicornWorker"'
else
  uvicorn=""; worker=""
fi

[[ -f Dockerfile ]] && cp Dockerfile Dockerfile.bak && echo "existing Dockerfile saved as Dockerfile.bak"
sed -e "s|{{PYTHON}}|$python|g" -e "s|{{PORT}}|$port|g" -e "s|{{APP}}|$app|g" \
    -e "s|{{UVICORN}}|$uvicorn|g" -e "s|{{WORKER_CLASS}}|$worker|g" \
    "$here/template/Dockerfile.tmpl" >Dockerfile
[[ -f .dockerignore ]] || cp "$here/template/dockerignore" .dockerignore
echo "wrote Dockerfile ($( ((asgi)) && echo ASGI || echo WSGI ), python $python, port $port)"
