import fs from 'node:fs';
import path from 'node:path';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { foldCaseAndSpaces } from '../contract/names.ts';
import type { Unit } from '../dataset/types.ts';
import { ringArea2 } from './round.ts';

export type BarangayFeature = Feature<Polygon | MultiPolygon, { code: string }>;

export interface BoundaryRead {
  features: BarangayFeature[];
  /** Areas inside a city that are not barangays. */
  unassigned: Feature<Polygon | MultiPolygon, { name: string; municity: string }>[];
  /** Source features that could not be placed, with the reason. */
  unmatched: string[];
  /** Barangays of the code list that the sources give no polygon for: absent, null, or of zero area. */
  missing: { code: string; reason: string }[];
}

/**
 * What the build keeps of a read once its polygons are simplified: the codes and names, not the full-resolution
 * geometry, which is most of the memory a build holds.
 */
export interface BoundaryIndex {
  codes: string[];
  unassigned: { name: string; municity: string }[];
  unmatched: string[];
  missing: { code: string; reason: string }[];
}

export const indexOf = (read: BoundaryRead): BoundaryIndex => ({
  codes: read.features.map((f) => f.properties.code),
  unassigned: read.unassigned.map((f) => f.properties),
  unmatched: read.unmatched,
  missing: read.missing,
});

export const MAIN_DIR = 'boundaries/barangays-hires';
export const MANILA_FILE = 'boundaries/manila-barangays-hires/bgysubmuns-municity-ph1303901.topo.0.1.json';
const MANILA_CODE = '1380600000';
/** bgysubmuns-municity-907220000.topo.0.1.json → 0907220000 */
const townCodeOfFile = (file: string) => (file.match(/municity-(\d+)\./)?.[1] ?? '').padStart(10, '0');

function readTopology(file: string): FeatureCollection<Polygon | MultiPolygon | null, Record<string, unknown>> {
  const topology = JSON.parse(fs.readFileSync(file, 'utf8')) as Topology;
  const [object] = Object.values(topology.objects) as GeometryCollection[];
  return feature(topology, object) as FeatureCollection<Polygon | MultiPolygon | null, Record<string, unknown>>;
}

const hasArea = (shape: Polygon | MultiPolygon) =>
  (shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates).some((p) => ringArea2(p[0]) !== 0);

/**
 * Reads the barangay polygons: the main set (coded with integer PSGC, leading zero dropped) plus the
 * City of Manila (coded with OCHA P-codes), joined to the code list by name within Manila. A slice of the country
 * reads only its towns' files (`towns`: each file is one town's, named by its code).
 */
export function readBarangays(
  sourceDir: string,
  units: Unit[],
  towns: Set<string> | null,
  onProgress: (done: number, total: number) => void,
) {
  const keeps = (town: string) => !towns || towns.has(town);
  const barangays = new Map(units.filter((u) => u.level === 'Bgy').map((u) => [u.code, u]));
  const features: BarangayFeature[] = [];
  const unmatched: string[] = [];
  const unassigned: Feature<Polygon | MultiPolygon, { name: string; municity: string }>[] = [];
  const seen = new Set<string>();
  const nullGeometry = new Map<string, string>();
  const add = (code: string, geometry: Polygon | MultiPolygon | null, label: string) => {
    if (!barangays.has(code)) return unmatched.push(`${label}: ${code} is not a barangay of the code list`);
    if (seen.has(code)) return unmatched.push(`${label}: ${code} appears twice`);
    seen.add(code);
    if (!geometry) nullGeometry.set(code, 'null geometry in the source');
    else if (!hasArea(geometry)) nullGeometry.set(code, 'zero-area polygon in the source');
    else features.push({ type: 'Feature', properties: { code }, geometry });
  };

  const dir = path.join(sourceDir, MAIN_DIR);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && keeps(townCodeOfFile(f)))
    .sort();
  files.forEach((file, index) => {
    for (const f of readTopology(path.join(dir, file)).features) {
      add(String(f.properties.adm4_psgc).padStart(10, '0'), f.geometry, file);
    }
    if (index % 100 === 0) onProgress(index, files.length + 1);
  });

  const manila = new Map<string, string>();
  for (const unit of barangays.values()) {
    if (unit.code.startsWith(MANILA_CODE.slice(0, 5))) manila.set(foldCaseAndSpaces(unit.name), unit.code);
  }
  const manilaFeatures = keeps(MANILA_CODE) ? readTopology(path.join(sourceDir, MANILA_FILE)).features : [];
  for (const f of manilaFeatures) {
    const name = String(f.properties.ADM4_EN);
    const code = manila.get(foldCaseAndSpaces(name));
    if (code) add(code, f.geometry, 'Manila');
    else if (f.geometry) {
      // Manila North Cemetery and Tutuban Mall are not barangays, but they are part of Manila: keep them in
      // the city's outline (so it has no holes) without listing them as barangays.
      unassigned.push({ type: 'Feature', properties: { name, municity: MANILA_CODE }, geometry: f.geometry });
      unmatched.push(`Manila: "${name}" (${f.properties.ADM4_PCODE}) is not a barangay; kept in Manila's outline`);
    }
  }
  onProgress(files.length + 1, files.length + 1);

  const withGeometry = new Set(features.map((f) => f.properties.code));
  const missing = [...barangays.keys()]
    .filter((code) => !withGeometry.has(code))
    .map((code) => ({ code, reason: nullGeometry.get(code) ?? 'absent from the source' }));
  return { features, unassigned, unmatched, missing } satisfies BoundaryRead;
}
