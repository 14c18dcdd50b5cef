/**
 * The shore rule (shore-point.ts) on real towns' barangays, as the newest build drew them (run
 * `npm run data:ensure` first; `npm test` does): Carmen, Agusan del Norte, whose Poblacion runs 12 km from the
 * shore of Butuan Bay into the hills; Bokod, Benguet, whose Poblacion is as long but inland; Adams, Ilocos Norte,
 * whose one barangay borders the land no barangay covers between Ilocos Norte and Apayao.
 */
import fs from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { dataPaths, type FeatureProps, type GazetteerEntry, type Unit } from '../dataset/types.ts';
import { type Member, metresBetween } from './clusters.ts';
import { allBuilds, sourceDirOf } from './config.ts';
import type { Shape } from './geometry.ts';
import { labelPoint } from './label-point.ts';
import { barangaysAround, SHORE_REACH_METRES, shorePoint } from './shore-point.ts';

const [newest] = allBuilds(sourceDirOf());
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(newest.outDir, file), 'utf8')) as T;
const gazetteer = read<GazetteerEntry[]>(dataPaths.gazetteer);
const pointOf = (code: string) => gazetteer.find((g) => g.code === code)?.point;

/** Every barangay of the towns whose point lies within 40 km of the town's, of any province, with its name and people. */
function barangaysNear(town: string): (Member & { name: string })[] {
  const here = pointOf(town)!;
  const towns = gazetteer
    .filter((g) => (g.level === 'City' || g.level === 'Mun') && g.point && metresBetween(g.point, here) < 40_000)
    .map((g) => g.code);
  return towns.flatMap((code) => {
    const people = new Map(read<Unit[]>(dataPaths.barangayUnits(code)).map((u) => [u.code, u.population]));
    return read<FeatureCollection<Shape, FeatureProps>>(dataPaths.barangays('detailed', code)).features.map((f) => ({
      code: f.properties.code,
      name: f.properties.name,
      shape: f.geometry,
      population: people.get(f.properties.code) ?? null,
    }));
  });
}

/** Whether some point `metres` from p, in any of 16 directions, lies in none of the barangays. */
const seaWithin = (p: Position, metres: number, around: Member[]) =>
  Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8).some((a) => {
    const q: [number, number] = [
      p[0] + (Math.cos(a) * metres) / (111_320 * Math.cos((p[1] * Math.PI) / 180)),
      p[1] + (Math.sin(a) * metres) / 110_574,
    ];
    return !around.some((m) => booleanPointInPolygon(q, m.shape));
  });

const poblacionOf = (barangays: (Member & { name: string })[], town: string) => {
  const found = barangays.find((b) => b.code.startsWith(town.slice(0, 7)) && b.name === 'Poblacion');
  expect(found).toBeDefined();
  return found!;
};

describe(`the ${newest.vintage} build`, () => {
  test("puts Carmen's point on the shore of its long coastal Poblacion, not in its hills", () => {
    const near = barangaysNear('1600204000');
    const poblacion = poblacionOf(near, '1600204000');
    const pole = labelPoint(poblacion.shape);
    const point = shorePoint(pole, poblacion, barangaysAround(near)(poblacion));
    expect(point).not.toBeNull();
    expect(booleanPointInPolygon(point!, poblacion.shape, { ignoreBoundary: true })).toBe(true);
    expect(seaWithin(point!, 150, near)).toBe(true);
    expect(metresBetween(point!, pole)).toBeGreaterThan(SHORE_REACH_METRES);
    expect(pointOf('1600204000')).toEqual(point);
  });

  test("leaves Bokod's point at the middle of its long Poblacion, which is inland", () => {
    const near = barangaysNear('1401104000');
    const poblacion = poblacionOf(near, '1401104000');
    const pole = labelPoint(poblacion.shape);
    const corners = (
      poblacion.shape.type === 'Polygon' ? [poblacion.shape.coordinates] : poblacion.shape.coordinates
    ).flat(2);
    expect(Math.max(...corners.map((v) => metresBetween(pole, v)))).toBeGreaterThan(SHORE_REACH_METRES);
    expect(shorePoint(pole, poblacion, barangaysAround(near)(poblacion))).toBeNull();
    expect(pointOf('1401104000')).toEqual(pole);
  });

  test("leaves Adams' point off the land no barangay covers beside it, which is not the sea", () => {
    const near = barangaysNear('0102801000');
    const [adams] = near.filter((b) => b.code.startsWith('0102801'));
    const land = read<FeatureCollection<Shape>>(dataPaths.noBarangay('detailed')).features.map(
      (f, i): Member => ({ code: `no-barangay-${i}`, shape: f.geometry, population: 0 }),
    );
    const pole = labelPoint(adams.shape);
    // Read without that land, the hole between Ilocos Norte and Apayao looks like the sea.
    expect(shorePoint(pole, adams, barangaysAround(near)(adams))).not.toBeNull();
    expect(shorePoint(pole, adams, barangaysAround([...near, ...land])(adams))).toBeNull();
    expect(pointOf('0102801000')).toEqual(pole);
  });
});
