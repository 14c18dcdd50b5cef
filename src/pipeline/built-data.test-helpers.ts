/**
 * What the checks over every built vintage (built-data*.country.test.ts) compare a build with: what PSA publishes
 * for each vintage (the expectations, the workbook's own counts), and a build's files read back.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FeatureCollection } from 'geojson';
import {
  type ChangeReport,
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type Hierarchy,
  type Manifest,
  type Unit,
} from '../dataset/types.ts';
import { allBuilds, sourceDirOf, VINTAGES } from './config.ts';
import type { Shape } from './geometry.ts';

export type Collection = FeatureCollection<Shape, FeatureProps>;
export type Layer = 'regions' | 'provinces' | 'municities' | 'barangays';

const sourceDir = sourceDirOf();
export const builds = allBuilds(sourceDir);

export const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/** The 8 barangays the boundary files have no polygon for (null or zero area), in both vintages. */
const NO_POLYGON_IN_SOURCE = [
  '0102910008',
  '0205008007',
  '0304903075',
  '0504117022',
  '0802614008',
  '1400104001',
  '1400106007',
  '1400106008',
];

/** What PSA publishes for each vintage, and what each build must therefore say. */
export const EXPECTED: Record<
  string,
  {
    counts: Record<string, number>;
    /** Barangays with no polygon: null or empty in the source, or new since the boundaries' vintage. */
    withoutBoundary: string[];
    /** Towns holding areas that are not barangays (Manila's cemetery and mall; Caloocan's Barangay 176). */
    unassignedIn: string[];
    manilaChain: string[];
    changes: ChangeReport['counts'];
  }
> = {
  '4Q 2023': {
    counts: { Reg: 17, Prov: 82, Dist: 4, City: 149, Mun: 1485, SubMun: 14, SGU: 8, SGA: 1, Bgy: 42001 },
    withoutBoundary: NO_POLYGON_IN_SOURCE,
    unassignedIn: ['1380600000', '1380600000'],
    manilaChain: ['Reg', 'Dist', 'City', 'SubMun'],
    changes: { added: {}, removed: {}, recoded: {}, renamed: {}, moved: {}, reclassified: {} },
  },
  '4Q 2024': {
    counts: { Reg: 18, Prov: 82, City: 149, Mun: 1493, SubMun: 14, SGA: 1, Bgy: 42011 },
    withoutBoundary: [
      ...NO_POLYGON_IN_SOURCE,
      '1206317017', // new in 4Q 2024, as are the six parts of Caloocan's Barangay 176 and four more
      '1380100189',
      '1380100190',
      '1380100191',
      '1380100192',
      '1380100193',
      '1380100194',
      '1606801027',
      '1903617146',
      '1903617147',
      '1903617148',
    ].sort(),
    unassignedIn: ['1380100000', '1380600000', '1380600000'],
    manilaChain: ['Reg', 'City', 'SubMun'],
    changes: {
      added: { Reg: 1, Bgy: 11 },
      removed: { Dist: 4, Bgy: 1 },
      recoded: { Prov: 3, City: 19, Mun: 44, Bgy: 1357 },
      renamed: { Mun: 9, Bgy: 29 },
      moved: { Prov: 3, City: 17, Mun: 1, Bgy: 4 },
      reclassified: { Mun: 8 },
    },
  },
  // The July 2025 publication: no unit added or removed since 4Q 2024; Sulu moved from BARMM to Region IX under
  // new codes (its 19 towns and 410 barangays with it), 29 names changed (docs/changes.md).
  '2Q 2025': {
    counts: { Reg: 18, Prov: 82, City: 149, Mun: 1493, SubMun: 14, SGA: 1, Bgy: 42011 },
    withoutBoundary: [] as string[], // as 4Q 2024's, filled in below
    unassignedIn: ['1380100000', '1380600000', '1380600000'],
    manilaChain: ['Reg', 'City', 'SubMun'],
    changes: {
      added: { Reg: 1, Bgy: 11 },
      removed: { Dist: 4, Bgy: 1 },
      recoded: { Prov: 4, City: 19, Mun: 63, Bgy: 1767 },
      renamed: { Mun: 10, Bgy: 57 },
      moved: { Prov: 4, City: 17, Mun: 1, Bgy: 4 },
      reclassified: { Mun: 8 },
    },
  },
};
EXPECTED['2Q 2025'].withoutBoundary = EXPECTED['4Q 2024'].withoutBoundary;
// The September 2025 publication: no unit added, removed, recoded or moved since 2Q 2025; three renamed
// (Pinagsakahan → Pinagsakayan, Lubusan → Lubosan, Tagoloan Ii → Tagoloan II). Its counts are of the 2024 census.
EXPECTED['3Q 2025'] = {
  ...EXPECTED['2Q 2025'],
  changes: { ...EXPECTED['2Q 2025'].changes, renamed: { Mun: 11, Bgy: 59 } },
};

/** Each vintage's workbook, read once (3 to 4 s each) for the checks that count from it. */
const workbooks = new Map<string, Promise<ExcelJS.Workbook>>();
function workbookOf(vintage: string) {
  let workbook = workbooks.get(vintage);
  if (!workbook) {
    const book = new ExcelJS.Workbook();
    workbook = book.xlsx.readFile(path.join(sourceDir, VINTAGES[vintage])).then(() => book);
    workbooks.set(vintage, workbook);
  }
  return workbook;
}

/** The PSGC sheet's own rows: level per row, counted as they stand. */
export async function sheetLevels(vintage: string): Promise<Record<string, number>> {
  const workbook = await workbookOf(vintage);
  const levels: string[] = [];
  workbook.getWorksheet('PSGC')!.eachRow((row, index) => {
    const level = String(row.getCell(4).value ?? '').trim();
    if (index > 1 && level) levels.push(level);
  });
  return countBy(levels, (l) => l);
}

/** The workbook's national summary: per region, its provinces, cities, municipalities and barangays. */
export async function nationalSummary(vintage: string) {
  const workbook = await workbookOf(vintage);
  const sheet = workbook.worksheets.find((s) => /^nat/i.test(s.name))!;
  const rows: Record<string, { name: string; Prov: number; City: number; Mun: number; Bgy: number }> = {};
  sheet.eachRow((row) => {
    const code = String(row.getCell(1).value ?? '').padStart(10, '0');
    if (!/^\d\d00000000$/.test(code) || code === '0000000000') return; // the national total has no code
    const n = (col: number) => (row.getCell(col).value === '-' ? 0 : Number(row.getCell(col).value));
    rows[code] = { name: String(row.getCell(3).value).trim(), Prov: n(4), City: n(5), Mun: n(6), Bgy: n(7) };
  });
  return rows;
}

/** A build's files, read back: `read` parses one by its path under the build. */
export function buildReader(outDir: string) {
  const read = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(outDir, relative), 'utf8')) as T;
  const collectionsIn = (dir: string): Collection[] =>
    fs.readdirSync(path.join(outDir, dir)).map((f) => read<Collection>(path.join(dir, f)));
  /** One level's polygons at one detail, in the files the build splits them into. */
  const collections = (detail: Detail, level: Layer): Collection[] =>
    level === 'regions'
      ? [read<Collection>(dataPaths.regions(detail))]
      : collectionsIn(path.dirname(dataPaths[level](detail, 'x')));
  return {
    read,
    collections,
    /** The manifest, the units (and by code) and the hierarchy. */
    lists() {
      const units = read<Unit[]>(dataPaths.units);
      return {
        manifest: read<Manifest>(dataPaths.manifest),
        units,
        byCode: new Map(units.map((u) => [u.code, u])),
        hierarchy: read<Hierarchy>(dataPaths.hierarchy),
      };
    },
    /** Every polygon, per detail and level: hundreds of megabytes, to let go once the build's checks are done. */
    features() {
      const features = {} as Record<Detail, Record<Layer, Collection[]>>;
      for (const detail of DETAILS) {
        features[detail] = {
          regions: collections(detail, 'regions'),
          provinces: collections(detail, 'provinces'),
          municities: collections(detail, 'municities'),
          barangays: collections(detail, 'barangays'),
        };
      }
      return features;
    },
  };
}
