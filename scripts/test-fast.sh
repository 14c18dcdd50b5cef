#!/usr/bin/env bash
# npm run test:fast: the loop for a change (docs/testing.md, "Tiers"): typecheck, lint and the fixture tier, which
# needs neither the whole country's data nor a browser. The fixture country is built first where it is missing or
# stale (seconds); typecheck and lint then run beside the tests, their output held back until the tests are done.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/ensure-postgres.sh
npm run -s data:fixture
checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
{ npm run -s typecheck && npm run -s lint; } >"$checks_log" 2>&1 &
checks=$!
tests=0
npx vitest run "$@" || tests=$?
checks_status=0
wait "$checks" || checks_status=$?
cat "$checks_log"
echo "npm run test:fast: typecheck and lint $([ "$checks_status" = 0 ] && echo passed || echo FAILED)," \
  "the fixture tier $([ "$tests" = 0 ] && echo passed || echo FAILED), in $(($(date +%s) - start)) s"
[ "$checks_status" = 0 ] && [ "$tests" = 0 ]
