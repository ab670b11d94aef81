#!/usr/bin/env bash
# The one test command (README, .ci/run): lint, typecheck, unit and integration tests on PGlite
# and (with TEST_DATABASE_URL) on PostgreSQL, then the Playwright journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "== lint"
pnpm -s lint
echo "== typecheck"
pnpm -s typecheck
echo "== unit and integration tests (PGlite)"
pnpm -s vitest run --reporter=default --reporter=json --outputFile.json="$results/pglite.json"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== integration tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
  pnpm -s vitest run --project node --reporter=default --reporter=json --outputFile.json="$results/postgres.json"
else
  echo "== TEST_DATABASE_URL is not set: the PostgreSQL run is skipped (CI sets it)"
fi
echo "== end-to-end journeys (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" pnpm -s --filter @bank/web test:e2e
node scripts/summarize-tests.mjs "$results"
