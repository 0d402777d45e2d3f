#!/usr/bin/env bash
# Every test: lint, types, unit and server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL
# is set; two instances on PostgreSQL and Redis when TEST_REDIS_URL is set too), the date rules
# once more in a non-UTC zone, and the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "== lint"; npm run --silent lint
echo "== types"; npm run --silent typecheck
echo "== unit and server tests (TZ=UTC${TEST_DATABASE_URL:+, with PostgreSQL}${TEST_REDIS_URL:+ and Redis})"
TZ=UTC npx jest --ci --json --outputFile="$results/jest-utc.json"
echo "== domain tests in Europe/Helsinki"
TZ=Europe/Helsinki npx jest --ci --json --outputFile="$results/jest-helsinki.json" tests/domain
echo "== browser tests"
bash scripts/ensure-chromium.sh
npm run --silent build:web
E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs "$results"
