#!/usr/bin/env bash
# Quick start: installs what is missing, builds the web app when its sources changed, and
# starts the clinic on http://localhost:3030 (SQLite in ./data, demo clinic on first start).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ ! -f web/dist/index.html ] || [ -n "$(find renderer web -newer web/dist/index.html -type f -not -path 'web/dist/*' -print -quit)" ]; then
  echo "Building the web app..."
  npm run --silent build:web
fi
exec node --import tsx server/src/index.ts
