/**
 * The map is seamless where a step meets the places around it: walked on exactly what each view draws at zoom
 * 11 (the `detailed` boundaries), the step's units from the /v1 service as the app asks for them, the places
 * around from the files the app reads, filtered by the app's own rules (context.ts). A border is a run of
 * edges; two polygons meet without gap or overlap where they share the same edges, vertex for vertex.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OutlineCollection } from '../../api/dataset.ts';
import type { TownCollection } from '../../api/provinces.ts';
import { dataPaths } from '../../dataset/types.ts';
import { api, serviceServer } from '../../test/service-server.ts';
import { aroundStep, contextOf } from './surroundings.ts';

serviceServer();

const DATA_DIR = path.resolve(import.meta.dirname, '../../..', process.env.KAPULUAN_DATA_DIR ?? 'public/data');
const DETAIL = 'detailed'; // what zoom 11 draws (zoomChanged in src/state/ui-store.ts)
const files = new Map<string, unknown>();
/** A built file, parsed once for the whole walk. */
const read = <T>(file: string): T => {
  if (!files.has(file)) files.set(file, JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8')));
  return files.get(file) as T;
};

type Shape = Polygon | MultiPolygon | null;
const rings = (g: Shape): Position[][] => (!g ? [] : g.type === 'Polygon' ? g.coordinates : g.coordinates.flat());

/** Each edge of a set of polygons, direction left out, with how many rings run along it. */
function edgesOf(shapes: Shape[]): Map<string, number> {
  const edges = new Map<string, number>();
  for (const shape of shapes) {
    for (const ring of rings(shape)) {
      for (let i = 1; i < ring.length; i++) {
        const a = `${ring[i - 1][0]},${ring[i - 1][1]}`;
        const b = `${ring[i][0]},${ring[i][1]}`;
        if (a === b) continue;
        const key = a < b ? `${a}|${b}` : `${b}|${a}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  return edges;
}

/** The edges on the outside of a set of polygons: those only one of their rings runs along. */
const outside = (shapes: Shape[]) => [...edgesOf(shapes)].filter(([, n]) => n === 1).map(([edge]) => edge);

interface Region {
  id: number;
  code: string;
  name: string;
}
let regions: Region[];
/** Every province-level area's edges, with the areas whose rings run along each. */
const areaEdges = new Map<string, string[]>();

beforeAll(async () => {
  regions = (await api('/v1/regions?limit=100')).body.data.filter((r: Region) => /^\d{10}$/.test(r.code));
  for (const region of regions) {
    for (const area of read<OutlineCollection>(dataPaths.provinces(DETAIL, region.code)).features) {
      for (const edge of edgesOf([area.geometry]).keys()) {
        const owners = areaEdges.get(edge);
        if (owners) owners.push(area.properties.code);
        else areaEdges.set(edge, [area.properties.code]);
      }
    }
  }
});

/** The towns a province step draws: GET /v1/provinces/{id}?geometry=detailed, as the app asks. */
async function provinceTowns(id: string): Promise<TownCollection> {
  return (await api(`/v1/provinces/${id}?geometry=${DETAIL}`)).body.geojson;
}

/** The outlines drawn around a step: the area files of every other region, through the app's filter. */
function areasAround(ownRegion: string | undefined, drawn: ReadonlySet<string>) {
  const others = regions.filter((r) => r.code !== ownRegion);
  const files = others.map((r) => read<OutlineCollection>(dataPaths.provinces(DETAIL, r.code)));
  return contextOf(
    'area',
    files,
    others.map((r) => ({ code: r.code, name: r.name })),
    drawn,
  ).features;
}

/**
 * Walks the outside of a step's units: every edge there either runs along a place drawn around it (a land
 * border, met exactly) or is a coast (no other area's ring runs along it); an edge that is neither is a seam.
 */
function seamsOf(step: Shape[], around: { properties: { code: string } }[]) {
  const drawnAround = new Set(around.map((f) => f.properties.code));
  const seams: string[] = [];
  let borders = 0;
  for (const edge of outside(step)) {
    const owners = areaEdges.get(edge) ?? [];
    if (owners.some((code) => drawnAround.has(code))) borders++;
    else if (owners.length !== 1) seams.push(edge);
  }
  return { borders, seams };
}

describe(`at zoom 11 (${DETAIL}), the current step and the places around it share their borders exactly`, () => {
  test('every region, with the other regions’ provinces around it', { timeout: 300_000 }, async () => {
    const landBorders = new Map<string, number>();
    for (const region of regions) {
      const provinces = (await api(`/v1/provinces?region_id=${region.code}`)).body.data as { id: string }[];
      const towns = (await Promise.all(provinces.map((p) => provinceTowns(p.id)))).flatMap((t) => t.features);
      const around = aroundStep('region', region.code, undefined)!;
      const { borders, seams } = seamsOf(
        towns.map((t) => t.geometry),
        areasAround(around.ownRegion, around.drawn),
      );
      expect(seams, `${region.name}: edges of its towns that meet no neighbour`).toEqual([]);
      landBorders.set(region.code, borders);
    }
    // The walk found the borders it walked: the Cordillera's with Regions I, II and III, Metro Manila's with III and IV-A.
    expect(landBorders.get('1400000000')).toBeGreaterThan(100);
    expect(landBorders.get('1300000000')).toBeGreaterThan(100);
  });

  test.each([
    ['Cordillera', '1400000000'],
    ['Davao', '1100000000'],
    ['Central Luzon', '0300000000'],
  ])('every province of %s, with every other province and city around it', { timeout: 300_000 }, async (_, code) => {
    const provinces = (await api(`/v1/provinces?region_id=${code}`)).body.data as {
      id: string;
      name: string;
      psgc_code: string | null;
    }[];
    expect(provinces.length).toBeGreaterThan(1);
    let landBorders = 0;
    for (const province of provinces) {
      const towns = await provinceTowns(province.id);
      const around = aroundStep('province', code, { code: province.psgc_code, towns: towns.features })!;
      const { borders, seams } = seamsOf(
        towns.features.map((t) => t.geometry),
        areasAround(undefined, around.drawn),
      );
      expect(seams, `${province.name}: edges of its towns that meet no neighbour`).toEqual([]);
      landBorders += borders;
    }
    expect(landBorders).toBeGreaterThan(100);
  });
});
