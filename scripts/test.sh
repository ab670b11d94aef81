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
# spend much of their time waiting on the database: with TEST_DATABASE_URL, two sides run at
# once, each into its own log, printed when both are done. One side runs the node project on
# PGlite, the other on PostgreSQL, and each then takes half of the web components' files (which
# need no database): the two node runs take about as long (4 min each, alone, on this machine,
# since the PGlite files start from one migrated image), so both sides end at about the same time.
vitest_run() { # name, then vitest's arguments
  local name=$1
  shift
  pnpm -s vitest run "$@" --reporter=default --reporter=json \
    --outputFile.json="$results/$name.json" >"$results/$name.log" 2>&1
}
postgres=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== unit and integration tests: PGlite beside PostgreSQL (${TEST_DATABASE_URL%%@*}@…) [${SECONDS}s]"
  # Empty TEST_DATABASE_URL: this side is on PGlite although CI has set it for the other.
  (
    status=0
    TEST_DATABASE_URL= vitest_run pglite --project node || status=1
    vitest_run web-1 --project web --shard=1/2 || status=1
    exit "$status"
  ) &
  pglite=$!
  (
    status=0
    vitest_run postgres --project node || status=1
    vitest_run web-2 --project web --shard=2/2 || status=1
    exit "$status"
  ) &
  postgres=$!
else
  echo "== unit and integration tests (PGlite; TEST_DATABASE_URL is not set, so the PostgreSQL run is skipped: CI sets it) [${SECONDS}s]"
  vitest_run pglite &
  pglite=$!
fi
failed=0
wait "$pglite" || failed=1
if [ -n "$postgres" ]; then
  wait "$postgres" || failed=1
fi
for log in pglite postgres web-1 web-2; do
  [ -f "$results/$log.log" ] || continue
  echo "== $log"
  cat "$results/$log.log"
done
if [ "$failed" != 0 ]; then
  echo "== unit or integration tests failed [${SECONDS}s]"
  node scripts/summarize-tests.mjs "$results" || true
  exit 1
fi
echo "== end-to-end journeys (Playwright, Chromium) [${SECONDS}s]"
# typecheck built the SPA and the server's bundle from this tree: the journeys use them as built.
e2e=0
E2E_BUILT=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" pnpm -s --filter @bank/web test:e2e || e2e=$?
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The same bundle on PostgreSQL with Redis (as Docker and several instances run it), for a few
  # journeys (apps/web/playwright.config.ts): a fresh database on TEST_DATABASE_URL's server, or
  # E2E_DATABASE_URL as given (e.g. through a pooler, with E2E_DATABASE_DIRECT_URL).
  echo "== end-to-end journeys on PostgreSQL with Redis [${SECONDS}s]"
  e2e_database=${E2E_DATABASE_URL:-}
  made_database=
  if [ -z "$e2e_database" ]; then
    e2e_database=$(node scripts/e2e-database.mjs create "$TEST_DATABASE_URL")
    made_database=$e2e_database
  fi
  postgres_journeys() { # the database URL the server uses, then its direct URL (or nothing)
    E2E_BUILT=1 E2E_DATABASE_URL="$1" E2E_DATABASE_DIRECT_URL="${2:-}" \
      E2E_REDIS_URL="${E2E_REDIS_URL:-${TEST_REDIS_URL:-}}" \
      PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-postgres.json" pnpm -s --filter @bank/web test:e2e
  }
  if [ -z "${E2E_DATABASE_URL:-}" ] && { command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ]; }; then
    # Through a transaction-mode PgBouncer (as many deployments run), with the database itself
    # as DATABASE_DIRECT_URL for LISTEN and the migrations (README: Poolers).
    echo "   (through PgBouncer in transaction mode)"
    export -f postgres_journeys
    export results
    bash scripts/pgbouncer.sh "${E2E_PGBOUNCER_PORT:-56410}" "$e2e_database" -- \
      bash -c 'postgres_journeys "$PGBOUNCER_URL" "$0"' "$e2e_database" || e2e=1
  else
    postgres_journeys "$e2e_database" "${E2E_DATABASE_DIRECT_URL:-}" || e2e=1
  fi
  if [ -n "$made_database" ]; then
    node scripts/e2e-database.mjs drop "$TEST_DATABASE_URL" "$made_database" || true
  fi
fi
echo "== done [${SECONDS}s]"
# The failed tests, named at the end of the output (where CI's excerpt of it is), and the count.
# A journey that passed only on a retry (CI retries once) is named too and fails the run, unless
# apps/web/e2e/known-flakes.json lists it with a reason.
node scripts/summarize-tests.mjs "$results" && [ "$e2e" = 0 ]
