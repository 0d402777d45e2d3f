#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Playwright's own browser download is not possible here.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM. Install it with: sudo apt-get install chromium" >&2
echo "(or point CHROMIUM_PATH at a Chromium or Chrome binary)" >&2
exit 1
