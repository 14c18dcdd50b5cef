import type { Feature, FeatureCollection, GeometryCollection, MultiPolygon, Polygon } from 'geojson';
import mapshaper from 'mapshaper';
import type { Detail } from '../dataset/types.ts';
import { type GapReport, splitGaps, withPieces } from './gaps.ts';
import { applyCommandsOnThread } from './mapshaper-threads.ts';

export type Shape = Polygon | MultiPolygon;

// mapshaper is given its input as text: given objects, it rewinds their rings in place, and the polygons it is
// handed are kept and used again (by the gazetteer, and by the next vintage built in the same run). The source
// polygons given to simplifyBarangays are not used again, so they go as objects (a copy of them is 100s of MB).

/** Input to the geometry step: a barangay, or an area inside a city that is not a barangay. */
export interface TaggedProps {
  /** Barangay code, or null for an unassigned area (Manila North Cemetery). */
  code: string | null;
  /** For an unassigned area, its name. */
  unassigned: string | null;
}

/**
 * Simplification per detail level: Visvalingam (mapshaper's weighted default) down to a resolution in metres,
 * applied to the whole country's topology so shared borders stay shared, and `keep-shapes` so no polygon
 * collapses. Coordinates are rounded afterwards (round.ts) to `decimals`. Listed from finest to coarsest: each
 * level is simplified from the one before.
 */
export const DETAIL_SETTINGS: Record<Detail, { interval: number; decimals: number }> = {
  detailed: { interval: 10, decimals: 5 },
  medium: { interval: 100, decimals: 4 },
  simple: { interval: 1000, decimals: 3 },
};

/**
 * The country overview (regions at `simple`): 700 m keeps it under 60 KB gzip (46 KB) with the regions within
 * about 2% of their area; 1 km halves it again but strays 3%. Drawn only below zoom 6.5 (1.7 km a pixel).
 */
export const OVERVIEW_SETTINGS = {
  interval: 700,
  decimals: 3,
  /** How far a region of the overview may stray from the area of its provinces at `simple` (tested). */
  maxAreaGap: 0.025,
};

export interface SimplifiedBarangays {
  barangays: Map<string, Shape>;
  unassigned: Map<string, Shape>;
}

function toMap(text: string, key: string): Map<string, Shape> {
  const collection = JSON.parse(text) as FeatureCollection<Shape | null, Record<string, string | null>>;
  const shapes = new Map<string, Shape>();
  for (const f of collection.features) {
    const id = f.properties?.[key];
    if (id && f.geometry) shapes.set(id, f.geometry);
  }
  return shapes;
}

/**
 * Repairs and simplifies the national barangay topology with mapshaper, in two sessions. The first snaps and
 * cleans (the source files were quantized one municipality at a time, so neighbouring files' borders differ by
 * about a metre), resolving overlaps only: an overlap goes to the smaller polygon (`overlap-rule=min-area`), so
 * a small barangay is never swallowed by its neighbour. The gaps the files leave between barangays are then
 * split among the barangays around them (gaps.ts), rather than filled by mapshaper, which gives a whole gap to
 * the polygon with the longest border on it, or leaves it open if wider than about 33 m. The second session
 * merges each barangay with its pieces of gap, then for each detail, finest first, simplifies the shared arcs,
 * cleans again (heavy simplification can make small neighbours overlap) and writes the barangays. So every
 * detail, and every level dissolved from it, has the gaps filled the same way.
 */
export async function simplifyBarangays(
  barangays: Feature<Shape, TaggedProps>[],
): Promise<{ simplified: Record<Detail, SimplifiedBarangays>; gaps: GapReport }> {
  const input: FeatureCollection<Shape, TaggedProps> = { type: 'FeatureCollection', features: barangays };
  const repaired = await mapshaper.applyCommands(
    [
      '-quiet -i input.json snap name=bgy',
      '-clean overlap-rule=min-area gap-width=0',
      '-o bgy.json format=geojson',
      // The union, its holes kept: the gaps. The mosaic is clean, so it needs no repair (3 s).
      '-dissolve no-repair + name=all',
      '-o target=all all.json format=geojson',
    ].join(' '),
    { 'input.json': input },
  );
  const mosaic = JSON.parse(String(repaired['bgy.json'])) as FeatureCollection<Shape, TaggedProps>;
  const all = JSON.parse(String(repaired['all.json'])) as GeometryCollection<Shape> | FeatureCollection<Shape>;
  const [union] = all.type === 'GeometryCollection' ? all.geometries : all.features.map((f) => f.geometry);
  const { shapes, pieces, report } = splitGaps(
    mosaic.features.map((f) => f.geometry),
    union,
  );
  // Numbered, so that the two areas without a code (Manila's cemetery and mall) are dissolved apart.
  const filled: FeatureCollection<Shape, TaggedProps & { i: number }> = {
    type: 'FeatureCollection',
    features: mosaic.features.map((f, i) => ({
      ...f,
      properties: { ...f.properties, i },
      geometry: withPieces(shapes[i], pieces.get(i)),
    })),
  };

  // The pieces share their vertices with their barangay and each other exactly, so dissolving needs no repair
  // either (a -clean would take 10 s).
  const commands = ['-quiet -i input.json name=bgy', '-dissolve i no-repair copy-fields=code,unassigned'];
  for (const [detail, { interval }] of Object.entries(DETAIL_SETTINGS)) {
    commands.push(
      `-simplify interval=${interval} keep-shapes`,
      '-clean overlap-rule=min-area',
      `-o ${detail}.json format=geojson`,
    );
  }
  const output = await mapshaper.applyCommands(commands.join(' '), { 'input.json': filled });
  const simplified = {} as Record<Detail, SimplifiedBarangays>;
  for (const detail of Object.keys(DETAIL_SETTINGS) as Detail[]) {
    const text = output[`${detail}.json`];
    if (text === undefined) throw new Error(`mapshaper wrote no ${detail}.json`);
    simplified[detail] = { barangays: toMap(String(text), 'code'), unassigned: toMap(String(text), 'unassigned') };
  }
  return { simplified, gaps: report };
}

/** A rounded barangay (or unassigned area) with the units above it, for dissolving. */
export interface PlacedProps {
  code: string | null;
  municity: string;
  area: string;
  region: string;
}

export interface DissolvedLevels {
  /** The barangays as cleaned after rounding, by code. */
  barangays: Map<string, Shape>;
  /** Every input polygon as cleaned (null if cleaning emptied it), in input order. */
  cleaned: (Shape | null)[];
  municities: Map<string, Shape>;
  areas: Map<string, Shape>;
  regions: Map<string, Shape>;
}

/**
 * Cleans the rounded barangays, then dissolves them into towns, towns into province-level areas and areas into regions with
 * mapshaper. Nothing is simplified in this session, so every vertex of the barangays' outer edges stays and
 * the levels nest exactly. (Dissolving before simplifying does not: mapshaper merges arcs at the former
 * junctions, and simplification then drops the junction vertices the barangays keep.)
 */
export async function dissolveLevels(barangays: Feature<Shape, PlacedProps>[]): Promise<DissolvedLevels> {
  const indexed = barangays.map((f, i) => ({ ...f, properties: { ...f.properties, i } }));
  const input: FeatureCollection<Shape, PlacedProps & { i: number }> = { type: 'FeatureCollection', features: indexed };
  const commands = [
    '-quiet -i input.json name=bgy',
    // Rounding can push a vertex no neighbour shares a little across a neighbour's edge: clean again.
    '-clean overlap-rule=min-area',
    '-dissolve municity copy-fields=area,region + name=mun',
    '-dissolve area target=mun copy-fields=region + name=area',
    '-dissolve region target=area + name=reg',
    ...['bgy', 'mun', 'area', 'reg'].map((layer) => `-o target=${layer} ${layer}.json format=geojson`),
  ];
  // On a thread of its own: the pipeline dissolves its three detail levels at once.
  const output = await applyCommandsOnThread(commands.join(' '), { 'input.json': JSON.stringify(input) });
  const parse = (layer: string) =>
    (JSON.parse(String(output[`${layer}.json`])) as FeatureCollection<Shape | null, PlacedProps & { i: number }>)
      .features;
  const read = (layer: string, key: keyof PlacedProps) => {
    const shapes = new Map<string, Shape>();
    for (const f of parse(layer)) {
      const id = f.properties?.[key];
      if (id && f.geometry) shapes.set(id, f.geometry);
    }
    return shapes;
  };
  // The cleaned barangays, the largest layer, are parsed once: by input position, and by code.
  const cleaned: (Shape | null)[] = barangays.map(() => null);
  const byCode = new Map<string, Shape>();
  for (const f of parse('bgy')) {
    if (!f.properties || !f.geometry) continue;
    cleaned[f.properties.i] = f.geometry;
    if (f.properties.code) byCode.set(f.properties.code, f.geometry);
  }
  return {
    cleaned,
    barangays: byCode,
    municities: read('mun', 'municity'),
    areas: read('area', 'area'),
    regions: read('reg', 'region'),
  };
}

/**
 * The union of each group of polygons, by group. The polygons must share their borders exactly (barangays of
 * one detail do), so neighbours merge without slivers.
 */
export async function dissolveGroups(groups: Map<string, Shape[]>): Promise<Map<string, Shape>> {
  const features = [...groups].flatMap(([group, shapes]) =>
    shapes.map((geometry) => ({ type: 'Feature' as const, properties: { group }, geometry })),
  );
  if (!features.length) return new Map();
  const input: FeatureCollection<Shape, { group: string }> = { type: 'FeatureCollection', features };
  const output = await mapshaper.applyCommands('-quiet -i input.json -dissolve group -o out.json format=geojson', {
    'input.json': JSON.stringify(input),
  });
  return toMap(String(output['out.json']), 'group');
}

/**
 * The country overview: the province-level areas simplified on their own topology (shared borders kept; each
 * area keeps at least its largest part, islands under the tolerance go), rounded to the detail's decimals, and
 * the regions dissolved from them. The regions' outline need not carry the junctions of the units below it, but
 * it is made of the areas' simplified borders: a region made of other areas through the API is their
 * union at `simple`, exactly as a build of a code list that has it would draw it, and what a region keeps nests
 * exactly with what it lost. Both are written (`dataPaths.overviewAreas`).
 */
export async function generalizeOverview(
  areas: Map<string, Shape>,
  regionOf: (area: string) => string,
  { interval, decimals }: { interval: number; decimals: number },
): Promise<{ regions: Map<string, Shape>; areas: Map<string, Shape> }> {
  const input: FeatureCollection<Shape, { code: string; region: string }> = {
    type: 'FeatureCollection',
    features: [...areas].map(([code, geometry]) => ({
      type: 'Feature',
      properties: { code, region: regionOf(code) },
      geometry,
    })),
  };
  const precision = 10 ** -decimals;
  const commands = [
    '-quiet -i input.json',
    `-simplify interval=${interval} keep-shapes`,
    `-o areas.json format=geojson precision=${precision}`,
    '-dissolve region',
    `-o regions.json format=geojson precision=${precision}`,
  ];
  const output = await mapshaper.applyCommands(commands.join(' '), { 'input.json': JSON.stringify(input) });
  return {
    areas: toMap(String(output['areas.json']), 'code'),
    regions: toMap(String(output['regions.json']), 'region'),
  };
}
