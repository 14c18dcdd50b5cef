#!/usr/bin/env bash
# npm run test:coverage: the coverage (v8) of src/ by both vitest tiers together, the fixture's and the country's,
# each run into a blob and the two merged; the summary printed and written to coverage/. The whole country's data
# must be built (npm run data:ensure:all). Arguments filter the files of both runs, as `vitest run` takes them.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each run's coverage goes to a folder of its own: a coverage run empties its reports' folder when it starts.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cov=(--coverage.enabled --coverage.provider=v8 --coverage.include='src/**'
  --coverage.exclude='**/*.test.ts' --coverage.exclude='**/*.test.tsx' --coverage.exclude='src/test/**')
bash scripts/ensure-postgres.sh
npm run -s data:fixture
npx vitest run "${cov[@]}" --coverage.reportsDirectory="$work/fixture" --reporter=blob \
  --outputFile="$work/blobs/fixture.json" --passWithNoTests "$@"
npx vitest run --config vitest.country.config.ts "${cov[@]}" --coverage.reportsDirectory="$work/country" \
  --reporter=blob --outputFile="$work/blobs/country.json" --passWithNoTests "$@"
npx vitest run --merge-reports="$work/blobs" "${cov[@]}" --coverage.reportsDirectory=coverage \
  --coverage.reporter=text-summary --coverage.reporter=json-summary --coverage.reporter=html
