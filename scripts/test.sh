#!/usr/bin/env bash
# Every test: lint, types, unit and server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL
# is set; two instances on PostgreSQL and Redis when TEST_REDIS_URL is set too), the date rules
# once more in a non-UTC zone, and the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "== lint and types"
# Side by side: each is one process, and the machine has two cores.
npm run --silent lint > "$results/lint.log" 2>&1 & lint=$!
npm run --silent typecheck > "$results/types.log" 2>&1 & types=$!
checks=0
wait "$lint" || checks=1
wait "$types" || checks=1
cat "$results/lint.log" "$results/types.log"
[ "$checks" = 0 ] || { echo "lint or types failed"; exit 1; }
echo "(lint and types: ${SECONDS} s)"
echo "== unit and server tests (TZ=UTC${TEST_DATABASE_URL:+, with PostgreSQL}${TEST_REDIS_URL:+ and Redis})"
# Two workers: a server test spends much of its time waiting on sockets and the databases.
# Each worker starts afresh once a test file leaves it above 1 GB (package.json,
# workerIdleMemoryLimit): the servers of earlier files piled up in a worker's heap (1.3 GB after
# a dozen files) and its collector slowed every later file, malformed-calls from 20 s to 260 s;
# the whole step went from 1,499 s to 852 s on the same loaded machine.
TZ=UTC npx jest --ci --maxWorkers=2 --json --outputFile="$results/jest-utc.json"
echo "(until now: ${SECONDS} s)"
echo "== domain tests in Europe/Helsinki"
TZ=Europe/Helsinki npx jest --ci --json --outputFile="$results/jest-helsinki.json" tests/domain
echo "(until now: ${SECONDS} s)"
echo "== browser tests"
bash scripts/ensure-chromium.sh
# The softphone's journey registers to a real kamailio and takes a call from SIPp, on loopback.
bash scripts/ensure-sip.sh
npm run --silent build:web
# One at a time: two halves side by side (each with its own server and Chromium) loaded the two
# cores to 14 and a journey ran out of its time; the browser tests share one server.
E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

echo "(whole run: ${SECONDS} s)"
node scripts/summarize-tests.mjs "$results"
