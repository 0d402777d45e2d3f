#!/usr/bin/env bash
# The softphone's browser test registers to a real SIP proxy and takes a call from a real far end,
# both on loopback: Debian's kamailio (with its websocket module) and SIPp (package sip-tester).
set -euo pipefail
KAMAILIO=${KAMAILIO_PATH:-kamailio}
SIPP=${SIPP_PATH:-sipp}
# The websocket module ships in its own package; kamailio alone cannot speak SIP over WebSocket.
have_websocket() { ls /usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so /usr/lib/*/kamailio/modules/websocket.so >/dev/null 2>&1; }
if command -v "$KAMAILIO" >/dev/null && command -v "$SIPP" >/dev/null && have_websocket; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing kamailio and SIPp for the softphone test (apt-get install kamailio kamailio-websocket-modules sip-tester)..."
  apt-get update -qq
  # The package's service is never started here: the test runs its own kamailio on loopback.
  RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    kamailio kamailio-websocket-modules sip-tester >/dev/null
  exit 0
fi
echo "The softphone test needs kamailio, its websocket module and SIPp." >&2
echo "Install them with: sudo apt-get install kamailio kamailio-websocket-modules sip-tester" >&2
echo "(or point KAMAILIO_PATH and SIPP_PATH at the binaries)" >&2
exit 1
