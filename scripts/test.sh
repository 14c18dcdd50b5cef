#!/usr/bin/env bash
# npm test: the data (built where missing or stale), typecheck and lint, the unit tests, then the browser tests.
#
# Typecheck and lint need no data: they run beside the data build, which leaves the second core of the 2-core
# machines CI and we use idle for much of its time (reading and writing JSON, placing the gazetteer's points,
# validating, the answers to typed names; only mapshaper's sessions take both). Each phase says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
phase() { echo; echo "== npm test: $* ($(($(date +%s) - start)) s)"; }

phase "data (if stale), beside typecheck and lint"
npm run --silent data:ensure:all &
data=$!
checks=0
{ npm run typecheck && npm run lint; } || checks=$?
# The data build is waited for either way: it is never left running behind a failed check.
wait "$data"
[ "$checks" = 0 ] || exit "$checks"

phase "unit tests"
npm run test:unit

phase "browser tests"
npm run test:e2e

phase "done"
