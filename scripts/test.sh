#!/usr/bin/env bash
# npm test: every tier (docs/testing.md, "Tiers"), packed onto the cores. The whole country's data is built (where
# missing or stale), newest vintage first, while the fast tier runs beside it, which needs none of it: the fixture
# country (seconds), typecheck, lint and the fixture's tests. The browser tests need only the newest vintage: they
# start once it is built, while the older vintages are still building. The country tier starts once every vintage
# is built and the fast tier is done. Each part's lines are marked [data], [fast], [country] or [e2e]; each phase
# says when it began. The exit status is the first failure's, and nothing is left running behind one.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
phase() { echo; echo "== npm test: $* ($(($(date +%s) - start)) s)"; }
marked() { sed -u "s/^/[$1] /"; }

logs=$(mktemp -d)
pids=()
# A part still running when another fails is interrupted as Ctrl-C would (Playwright then stops the servers it
# started, which run in process groups of their own), and killed if it has not ended 30 s later.
cleanup() {
  local pid waited=0
  for pid in "${pids[@]}"; do kill -INT -- -"$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    while kill -0 -- -"$pid" 2>/dev/null && [ "$waited" -lt 30 ]; do sleep 1; waited=$((waited + 1)); done
    kill -KILL -- -"$pid" 2>/dev/null || true
  done
}
trap 'cleanup; rm -rf "$logs"' EXIT
# Runs a part in its own process group (so a failure elsewhere can stop it whole), its output marked.
part() {
  local name=$1
  shift
  set -m
  { "$@" 2>&1 | tee "$logs/$name" | marked "$name"; exit "${PIPESTATUS[0]}"; } &
  set +m
  pids+=($!)
}
# Waits for a part; on failure stops the others and exits with its status.
await() {
  local status=0
  wait "$1" || status=$?
  if [ "$status" != 0 ]; then
    phase "$2 failed"
    exit "$status"
  fi
}

phase "the whole country's data, newest first (if stale), beside the fast tier"
part data node --max-old-space-size=8192 --import tsx src/pipeline/cli.ts --if-stale --all-vintages
data=${pids[-1]}
part fast bash scripts/test-fast.sh
fast=${pids[-1]}

# The newest vintage is built once the build names an older one's folder (or has finished).
until grep -q '\.vintages/' "$logs/data" 2>/dev/null || ! kill -0 "$data" 2>/dev/null; do sleep 1; done
if ! kill -0 "$data" 2>/dev/null; then await "$data" "the data build"; fi
phase "the newest vintage is built: its answers to typed names, then the browser tests"
bash scripts/ensure-chromium.sh
node --import tsx src/server/prefix-answers-cli.ts public/data | marked data
part e2e npx playwright test
e2e=${pids[-1]}

await "$data" "the data build"
phase "every vintage is built: their answers to typed names"
node --import tsx src/server/prefix-answers-cli.ts .vintages/* | marked data
await "$fast" "the fast tier"
phase "the fast tier passed: the country tier"
part country npx vitest run --config vitest.country.config.ts
await "${pids[-1]}" "the country tier"
phase "the country tier passed"
await "$e2e" "the browser tests"
phase "done"
