import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Slice } from './slice.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the source data lives: $KAPULUAN_GEODATA, else ../shared/geodata beside the project. */
export const GEODATA_ENV = 'KAPULUAN_GEODATA';

/** Where the app and the service read the built data. */
export const DEFAULT_OUT_DIR = path.join(PROJECT_ROOT, 'public/data');

export interface PipelineConfig {
  sourceDir: string;
  outDir: string;
  vintage: string;
  codeListFile: string;
  /** The vintage the barangay boundaries are coded in, and its code list (the crosswalk's other side). */
  boundaryVintage: string;
  boundaryCodeListFile: string;
  /** PHLPost's ZIP table (zip-table.ts); the build joins it to the towns when it is present. */
  zipFile: string;
  /**
   * The release before `vintage` among VINTAGES, and its code list: the second change report (the differences a
   * user of the last release sees) and the old codes a search still finds. Null for the oldest.
   */
  previousVintage: string | null;
  /** Every code list older than `vintage` present, oldest first: whose recoded codes old-codes.json carries. */
  olderCodeLists: { vintage: string; file: string }[];
  attribution: string;
  /** A few towns only (the fixture country, fixture-country.ts), or null for the whole country. */
  slice: Slice | null;
}

/** PHLPost's ZIP table, released through FOI (../shared/geodata/README.md; docs/data.md says why this source). */
export const ZIP_FILE = 'zip/PHLPost-ZIP-codes-FOI.xlsx';

/** The PSGC code lists the pipeline knows, oldest first. */
export const VINTAGES: Record<string, string> = {
  '4Q 2023': 'psgc/PSGC-4Q-2023-Publication-Datafile.xlsx',
  '4Q 2024': 'psgc/PSGC-4Q-2024-Publication-Datafile.xlsx',
  '2Q 2025': 'psgc/PSGC-2Q-2025-Publication-Datafile.xlsx',
  '3Q 2025': 'psgc/PSGC-3Q-2025-Publication-Datafile.xlsx',
};

/** The boundary files carry 4Q 2023 barangay codes (../shared/geodata/README.md). */
export const BOUNDARY_VINTAGE = '4Q 2023';

/** "4Q 2024" → 20244, so vintages sort by year, then quarter. */
const order = (vintage: string) => {
  const [, quarter, year] = vintage.match(/^(\d)Q (\d{4})$/) ?? [];
  return Number(year) * 10 + Number(quarter);
};

/** The vintage known before this one (present or not), or null for the oldest. */
export function previousVintage(vintage: string): string | null {
  const older = Object.keys(VINTAGES)
    .filter((v) => order(v) < order(vintage))
    .sort((a, b) => order(a) - order(b));
  return older.at(-1) ?? null;
}

/** The newest vintage whose code list is present in the source folder. */
export function newestVintage(sourceDir: string): string {
  const present = Object.keys(VINTAGES).filter((v) => fs.existsSync(path.join(sourceDir, VINTAGES[v])));
  if (!present.length) throw new Error(`No PSGC code list in ${sourceDir}/psgc (looked for ${Object.keys(VINTAGES)})`);
  return present.sort((a, b) => order(a) - order(b))[present.length - 1];
}

const slug = (vintage: string) => vintage.toLowerCase().replace(/\s+/g, '-');

/** Where `--all-vintages` (and so `npm test`) builds each vintage older than the newest. */
export const vintageDir = (vintage: string) => path.join(PROJECT_ROOT, '.vintages', slug(vintage));

/** Where `--fixture` builds each vintage of the fixture country (fixture-country.ts), the newest too. */
export const fixtureDir = (vintage: string) => path.join(PROJECT_ROOT, '.fixture', slug(vintage));

/** The vintages present, newest first. */
function presentVintages(sourceDir: string): string[] {
  return Object.keys(VINTAGES)
    .filter((v) => fs.existsSync(path.join(sourceDir, VINTAGES[v])))
    .sort((a, b) => order(b) - order(a));
}

/** Every vintage present, newest first, with where `--all-vintages` builds it. */
export function allBuilds(sourceDir: string): { vintage: string; outDir: string }[] {
  const newest = newestVintage(sourceDir);
  return presentVintages(sourceDir).map((vintage) => ({
    vintage,
    outDir: vintage === newest ? DEFAULT_OUT_DIR : vintageDir(vintage),
  }));
}

/** Every vintage present, newest first, with where `--fixture` builds its fixture country. */
export function fixtureBuilds(sourceDir: string): { vintage: string; outDir: string }[] {
  return presentVintages(sourceDir).map((vintage) => ({ vintage, outDir: fixtureDir(vintage) }));
}

export function sourceDirOf(env: NodeJS.ProcessEnv = process.env): string {
  const sourceDir = path.resolve(PROJECT_ROOT, env[GEODATA_ENV] ?? '../shared/geodata');
  if (!fs.existsSync(sourceDir)) {
    throw new Error(`No source data at ${sourceDir}. Put the geodata folder there or set ${GEODATA_ENV}.`);
  }
  return sourceDir;
}

/**
 * The build's settings. `vintage` defaults to the newest code list present; `outDir` (relative to the project)
 * to public/data, which the app serves.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { vintage?: string; outDir?: string } = {},
): PipelineConfig {
  const sourceDir = sourceDirOf(env);
  const vintage = options.vintage ?? newestVintage(sourceDir);
  const file = VINTAGES[vintage];
  if (!file) throw new Error(`Unknown vintage "${vintage}"; known: ${Object.keys(VINTAGES).join(', ')}`);
  const olderCodeLists = Object.keys(VINTAGES)
    .filter((v) => order(v) < order(vintage))
    .sort((a, b) => order(a) - order(b))
    .map((v) => ({ vintage: v, file: path.join(sourceDir, VINTAGES[v]) }))
    .filter((list) => fs.existsSync(list.file));
  const previous = previousVintage(vintage);
  return {
    sourceDir,
    outDir: options.outDir ? path.resolve(PROJECT_ROOT, options.outDir) : DEFAULT_OUT_DIR,
    vintage,
    codeListFile: path.join(sourceDir, file),
    boundaryVintage: BOUNDARY_VINTAGE,
    boundaryCodeListFile: path.join(sourceDir, VINTAGES[BOUNDARY_VINTAGE]),
    zipFile: path.join(sourceDir, ZIP_FILE),
    // A missing older list only costs the second report, not the build.
    previousVintage: olderCodeLists.some((l) => l.vintage === previous) ? previous : null,
    olderCodeLists,
    attribution: `Boundaries: PSA and NAMRIA via OCHA HDX (COD-AB 2023), philippines-json-maps. Codes: PSA PSGC ${vintage}.${
      fs.existsSync(path.join(sourceDir, ZIP_FILE)) ? ' ZIP codes: PHLPost (FOI).' : ''
    }`,
    slice: null,
  };
}
