#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Installs it through apt when missing and running as
# root; otherwise says exactly what to install. Never downloads Playwright's own browsers.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $CHROMIUM: installing it with apt-get (about 30 s)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM." >&2
echo "Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu)" >&2
echo "or point CHROMIUM_PATH at an existing Chromium or Chrome binary." >&2
exit 1
