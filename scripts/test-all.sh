#!/usr/bin/env bash
# `npm test`: lint, typecheck, unit and API integration tests on PGlite, the same API tests on a real
# PostgreSQL started for the run, then the end-to-end suite in Debian's Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
step() { printf '\n==> %s\n' "$*"; }

# Lint and the typechecks (package.json's `typecheck`, its `&&` parts dealt into two lanes) share the two cores: three
# lanes side by side, each log printed whole once all are done (CI time, docs/quality-harness.md).
step "lint (biome) and typecheck (tsc), side by side"
typecheck_lane() { node -e '
  const parts = require("./package.json").scripts.typecheck.split("&&").map((s) => s.trim());
  console.log(parts.filter((_, i) => i % 2 === Number(process.argv[1])).join(" && ") || "true");' "$1"; }
lanes=("npx biome check ." "$(typecheck_lane 0)" "$(typecheck_lane 1)")
pids=()
for i in "${!lanes[@]}"; do
  PATH="$PWD/node_modules/.bin:$PATH" sh -c "${lanes[$i]}" >".tmp/lane-$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!lanes[@]}"; do
  rc=0
  wait "${pids[$i]}" || rc=$?
  printf -- '--- %s (exit %s)\n' "${lanes[$i]}" "$rc"
  cat ".tmp/lane-$i.log"
  [ "$rc" = 0 ] || failed=1
done
[ "$failed" = 0 ] || { echo "lint or typecheck failed" >&2; exit 1; }

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
