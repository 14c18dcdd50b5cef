#!/usr/bin/env bash
# npm test: every tier (docs/testing.md, "Tiers"). The whole country's data is built (where missing or stale)
# while the fast tier runs beside it, which needs none of it: the fixture country (seconds), typecheck, lint and
# the fixture's tests. Then the country tier and the browser tests, which read the whole country. Each phase says
# when it started.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
phase() { echo; echo "== npm test: $* ($(($(date +%s) - start)) s)"; }

phase "the whole country's data (if stale), beside the fast tier"
npm run --silent data:ensure:all > >(sed -u 's/^/[data] /') 2>&1 &
data=$!
fast=0
bash scripts/test-fast.sh || fast=$?
# The data build is waited for either way: it is never left running behind a failed tier.
wait "$data"
phase "the whole country's data built"
[ "$fast" = 0 ] || exit "$fast"

phase "the country tier"
npx vitest run --config vitest.country.config.ts

phase "browser tests"
npm run test:e2e

phase "done"
