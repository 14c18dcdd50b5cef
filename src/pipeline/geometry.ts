import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import mapshaper from 'mapshaper';
import type { Detail } from '../dataset/types.ts';

export type Shape = Polygon | MultiPolygon;

/** Input to the geometry step: one feature per barangay (or unassigned area), tagged with its ancestors. */
export interface TaggedProps {
  /** Barangay code, or null for an area inside a city that is not a barangay (Manila North Cemetery). */
  code: string | null;
  municity: string;
  area: string;
  region: string;
  /** The municity code when the barangay is a poblacion, else null. */
  pob: string | null;
}

/**
 * Simplification per detail level: Visvalingam (mapshaper's weighted default) down to a resolution in metres,
 * applied once to the whole country's topology so shared borders stay shared at every level, and
 * `keep-shapes` so no polygon collapses. Coordinates are rounded afterwards (round.ts) to `decimals`.
 */
export const DETAIL_SETTINGS: Record<Detail, { interval: number; decimals: number }> = {
  simple: { interval: 1000, decimals: 3 },
  medium: { interval: 100, decimals: 4 },
  detailed: { interval: 10, decimals: 5 },
};

export interface LevelShapes {
  barangays: Map<string, Shape>;
  municities: Map<string, Shape>;
  areas: Map<string, Shape>;
  regions: Map<string, Shape>;
}

export interface GeometryResult {
  byDetail: Record<Detail, LevelShapes>;
  /** Union of each municity's poblacion barangays, at the `detailed` level. */
  poblacion: Map<string, Shape>;
  /** What the topology repair changed, as mapshaper reported it. */
  log: string[];
}

const LAYERS = ['bgy', 'mun', 'area', 'reg'] as const;

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
 * Builds every level at every detail from the barangays with mapshaper, in one session:
 * snap and clean the national topology (the source files were quantized one municipality at a time, so
 * neighbouring files' borders differ by about a metre), dissolve barangays into cities/municipalities,
 * province-level areas and regions on the unsimplified topology (so the dissolved layers reuse the barangays'
 * arcs), then for each detail simplify the shared arcs and write every layer.
 */
export async function buildGeometry(
  barangays: Feature<Shape, TaggedProps>[],
  onStep: (step: string) => void,
): Promise<GeometryResult> {
  const input: FeatureCollection<Shape, TaggedProps> = { type: 'FeatureCollection', features: barangays };
  const commands = [
    '-quiet',
    '-i input.json snap name=bgy',
    '-clean target=bgy',
    '-dissolve municity target=bgy + name=mun',
    '-dissolve area target=bgy + name=area',
    '-dissolve region target=bgy + name=reg',
    // Non-poblacion barangays dissolve into one feature with a null key, which toMap skips.
    '-dissolve pob target=bgy + name=pob',
  ];
  for (const [detail, { interval }] of Object.entries(DETAIL_SETTINGS)) {
    commands.push(`-simplify target=bgy interval=${interval} keep-shapes`);
    const targets = detail === 'detailed' ? [...LAYERS, 'pob'] : LAYERS;
    for (const layer of targets) {
      commands.push(`-o target=${layer} ${detail}-${layer}.json format=geojson`);
    }
  }
  onStep('cleaning, dissolving and simplifying the national topology');
  const output = (await mapshaper.applyCommands(commands.join(' '), { 'input.json': input })) as Record<
    string,
    string | Buffer
  >;
  const read = (name: string, key: string) => {
    const text = output[name];
    if (text === undefined) throw new Error(`mapshaper wrote no ${name} (wrote ${Object.keys(output).join(', ')})`);
    return toMap(String(text), key);
  };
  const byDetail = {} as Record<Detail, LevelShapes>;
  for (const detail of Object.keys(DETAIL_SETTINGS) as Detail[]) {
    byDetail[detail] = {
      barangays: read(`${detail}-bgy.json`, 'code'),
      municities: read(`${detail}-mun.json`, 'municity'),
      areas: read(`${detail}-area.json`, 'area'),
      regions: read(`${detail}-reg.json`, 'region'),
    };
  }
  return { byDetail, poblacion: read('detailed-pob.json', 'pob'), log: [] };
}
