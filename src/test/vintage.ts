/**
 * The service's tests run over public/data (the newest code list) and again over an older vintage
 * (KAPULUAN_DATA_DIR=.vintages/2q-2025, 4q-2024 and 4q-2023, `npm run test:unit:older`). What differs between vintages is written
 * here once per vintage, from the published lists, never read back from the data under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '../server/disk.ts';

export const VINTAGE: string = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'manifest.json'), 'utf8')).vintage;

/** The value written for the vintage under test; a vintage with none fails the test rather than skip it. */
export function byVintage<T>(values: Record<string, T>): T {
  if (!(VINTAGE in values)) throw new Error(`No expectation written for the ${VINTAGE} data in ${DATA_DIR}`);
  return values[VINTAGE];
}

/** Regions in each vintage's list: 4Q 2024 adds the Negros Island Region. */
export const REGION_COUNT = byVintage({ '4Q 2023': 17, '4Q 2024': 18, '2Q 2025': 18, '3Q 2025': 18 });
