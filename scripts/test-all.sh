#!/usr/bin/env bash
# `npm test`: lint, typecheck, unit and API integration tests on PGlite, the same API tests on a real
# PostgreSQL started for the run, then the end-to-end suite in Debian's Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
step() { printf '\n==> %s\n' "$*"; }

step "lint (biome)"
npx biome check .

step "typecheck (tsc)"
npm run -s typecheck

step "unit and API tests on PGlite (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-pglite.json

step "API tests on PostgreSQL (vitest, server project)"
eval "$(bash scripts/pg-throwaway.sh start)"
trap 'bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"' EXIT
TEST_DATABASE_URL=$TEST_DATABASE_URL npx vitest run --project server --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres.json

step "end-to-end tests in Chromium (playwright)"
npm run -s build
npm test -w e2e

step "summary"
node scripts/test-summary.mjs .tmp/vitest-pglite.json .tmp/vitest-postgres.json .tmp/playwright.json
