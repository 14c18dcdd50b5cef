import type { Feature, Polygon } from 'geojson';
import {
  DETAILS,
  type Detail,
  dataPaths,
  NO_BARANGAY_LABEL,
  type NoBarangayProps,
  type Unit,
} from '../dataset/types.ts';
import { dissolveGroups } from './geometry.ts';
import type { LevelShapes } from './levels.ts';
import { classifyHoles, lakesNotFound, type OpenHole, unitsAround } from './open-holes.ts';
import type { DataWriter } from './write.ts';

/** One open hole of the country's union at `detailed`, as the build report lists it. */
export interface OpenHoleEntry {
  id: string;
  class: OpenHole['class'];
  /** The lake's name (water), or the label land no barangay covers is given. */
  name: string;
  areaKm2: number;
  point: [number, number];
  around: string;
}

export interface OpenHolesReport {
  /** Where the water class comes from (src/pipeline/water-bodies.ts). */
  waterSource: string;
  /** Per detail: holes of each class, and the land's area. */
  counts: Record<Detail, { water: number; noBarangay: number; noBarangayKm2: number }>;
  /** Every open hole at `detailed`, largest first. */
  holes: OpenHoleEntry[];
  /** Listed lakes no hole holds (a barangay's polygon covers them, or gap filling closed them). */
  lakesNotFound: string[];
  /** How long finding, classing and writing them took, in seconds. */
  seconds: number;
}

const idOf = ([x, y]: [number, number]) => `no-barangay-${x.toFixed(2)}-${y.toFixed(2)}`;

/**
 * Finds the holes the country's union keeps at each detail (the union of its province-level areas, dissolved
 * from the same rounded barangays, so a hole's vertices are its neighbours' own), classes them (open-holes.ts),
 * and writes the land no barangay covers to `dataPaths.noBarangay(detail)`, each piece with the towns around it.
 * Returns the report and that land at `detailed` (the town points' shore rule must not take it for the sea).
 */
export async function writeNoBarangayLand(
  writer: DataWriter,
  levels: Record<Detail, LevelShapes>,
  byCode: Map<string, Unit>,
  areaOf: (municity: string) => string,
): Promise<{ report: OpenHolesReport; detailedLand: Polygon[] }> {
  const started = performance.now();
  const detailedLand: Polygon[] = [];
  const report: OpenHolesReport = {
    waterSource: 'named lakes and reservoirs with a cited point (src/pipeline/water-bodies.ts)',
    counts: {} as OpenHolesReport['counts'],
    holes: [],
    lakesNotFound: [],
    seconds: 0,
  };
  const name = (code: string) => byCode.get(code)?.name ?? code;
  for (const detail of DETAILS) {
    const union = (await dissolveGroups(new Map([['all', [...levels[detail].provinces.values()]]]))).get('all');
    const holes = union ? classifyHoles(union) : [];
    const land = holes.filter((h) => h.class === 'no-barangay');
    const towns = unitsAround(land, levels[detail].municities);
    const features: Feature<Polygon, NoBarangayProps>[] = land.map((hole, i) => {
      const municities = towns[i].sort();
      const provinces = [...new Set(municities.map(areaOf))].sort();
      const regions = [...new Set(provinces.map((p) => byCode.get(p)?.parent ?? ''))].filter(Boolean).sort();
      const around = municities.map((m) => `${name(m)} (${name(areaOf(m))})`).join(', ');
      const properties: NoBarangayProps = {
        code: idOf(hole.point),
        name: NO_BARANGAY_LABEL,
        level: 'no-barangay',
        areaKm2: hole.areaKm2,
        municities,
        provinces,
        regions,
        around,
      };
      return { type: 'Feature', properties, geometry: hole.shape };
    });
    writer.json(dataPaths.noBarangay(detail), { type: 'FeatureCollection', features });
    report.counts[detail] = {
      water: holes.length - land.length,
      noBarangay: land.length,
      noBarangayKm2: Math.round(land.reduce((sum, h) => sum + h.areaKm2, 0) * 100) / 100,
    };
    if (detail !== 'detailed') continue;
    detailedLand.push(...land.map((h) => h.shape));
    const aroundOf = new Map(features.map((f) => [f.properties.code, f.properties.around]));
    report.holes = holes.map((hole) => ({
      id: idOf(hole.point),
      class: hole.class,
      name: hole.name ?? NO_BARANGAY_LABEL,
      areaKm2: hole.areaKm2,
      point: hole.point,
      around: aroundOf.get(idOf(hole.point)) ?? '',
    }));
    report.lakesNotFound = lakesNotFound(holes);
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return { report, detailedLand };
}

/** The report as lines for the build's log. */
export function describeOpenHoles(report: OpenHolesReport): string[] {
  const { detailed } = report.counts;
  const lines = [
    `      ${detailed.water + detailed.noBarangay} holes stay open: ${detailed.water} water (named lakes), ` +
      `${detailed.noBarangay} land no barangay covers (${detailed.noBarangayKm2} km², drawn as land); ` +
      `found and classed at 3 details in ${report.seconds.toFixed(1)} s`,
  ];
  for (const h of report.holes) {
    const where = `${h.point[0].toFixed(3)} E ${h.point[1].toFixed(3)} N`;
    lines.push(
      `        ${h.class === 'water' ? 'water' : 'land '} ${h.areaKm2.toFixed(2).padStart(8)} km²  ${where}  ` +
        (h.class === 'water' ? h.name : h.around),
    );
  }
  if (report.lakesNotFound.length) lines.push(`      listed lakes in no hole: ${report.lakesNotFound.join(', ')}`);
  return lines;
}
