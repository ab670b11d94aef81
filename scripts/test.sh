#!/usr/bin/env bash
# The one test command (README, .ci/run): lint, typecheck, unit and integration tests on PGlite
# and (with TEST_DATABASE_URL) on PostgreSQL, then the Playwright journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "== lint"
pnpm -s lint
echo "== typecheck (after building the SPA and the server) [${SECONDS}s]"
pnpm -s typecheck
echo "== JavaScript per page (the build typecheck made) [${SECONDS}s]"
pnpm -s budget --no-build
# Vitest runs one worker per run on a 2-core machine (cores - 1), and the integration tests
# spend much of their time waiting on the database: the PGlite and PostgreSQL runs go side by
# side, each into its own log, printed when both are done.
echo "== unit and integration tests (PGlite)${TEST_DATABASE_URL:+, and the integration tests on PostgreSQL beside them} [${SECONDS}s]"
# Empty TEST_DATABASE_URL: this run is on PGlite even where CI has set it for the next one.
TEST_DATABASE_URL= pnpm -s vitest run --reporter=default --reporter=json \
  --outputFile.json="$results/pglite.json" >"$results/pglite.log" 2>&1 &
pglite=$!
postgres=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pnpm -s vitest run --project node --reporter=default --reporter=json \
    --outputFile.json="$results/postgres.json" >"$results/postgres.log" 2>&1 &
  postgres=$!
fi
failed=0
wait "$pglite" || failed=1
cat "$results/pglite.log"
if [ -n "$postgres" ]; then
  echo "== integration tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
  wait "$postgres" || failed=1
  cat "$results/postgres.log"
else
  echo "== TEST_DATABASE_URL is not set: the PostgreSQL run is skipped (CI sets it)"
fi
[ "$failed" = 0 ] || { echo "== unit or integration tests failed [${SECONDS}s]"; exit 1; }
echo "== end-to-end journeys (Playwright, Chromium) [${SECONDS}s]"
# typecheck built the SPA and the server's bundle from this tree: the journeys use them as built.
E2E_BUILT=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" pnpm -s --filter @bank/web test:e2e
echo "== done [${SECONDS}s]"
node scripts/summarize-tests.mjs "$results"
