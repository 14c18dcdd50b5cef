#!/usr/bin/env bash
# npm run test:coverage: the coverage (v8) of src/ by both vitest tiers together, the fixture's and the country's,
# each run into a blob and the two merged; the summary printed and written to coverage/. The whole country's data
# must be built (npm run data:ensure:all). Arguments filter the files of both runs, as `vitest run` takes them.
set -euo pipefail
cd "$(dirname "$0")/.."
blobs=coverage/.blobs
rm -rf "$blobs"
cov=(--coverage.enabled --coverage.provider=v8 --coverage.include='src/**'
  --coverage.exclude='**/*.test.ts' --coverage.exclude='**/*.test.tsx' --coverage.exclude='src/test/**')
bash scripts/ensure-postgres.sh
npm run -s data:fixture
npx vitest run "${cov[@]}" --reporter=blob --outputFile="$blobs/fixture.json" --passWithNoTests "$@"
npx vitest run --config vitest.country.config.ts "${cov[@]}" --reporter=blob --outputFile="$blobs/country.json" \
  --passWithNoTests "$@"
npx vitest --merge-reports="$blobs" "${cov[@]}" --coverage.reporter=text-summary --coverage.reporter=json-summary \
  --coverage.reportsDirectory=coverage
