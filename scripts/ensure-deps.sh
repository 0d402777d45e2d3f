#!/usr/bin/env bash
# Installs the npm packages when they are missing or older than the lock file. (`npm install`,
# not `npm ci`: npm 11 leaves optional platform packages out of this lock file and ci refuses it.)
# Electron's binary cannot be downloaded here (and is not needed to run or test the server and
# web app), so its installer is told to skip it; better-sqlite3 still compiles from source.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing packages (about two minutes on a fresh machine: better-sqlite3 compiles)..."
  ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error
fi
