import { useQueries } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import { useMemo, useRef } from 'react';
import { datasetQueries, type OutlineCollection } from '../../api/dataset.ts';
import { isPsgcCode } from '../../contract/psgc.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { type Bounds, boundsOf } from '../../map/bounds.ts';

/** A place drawn around the current step, with the name of the place it lies in (for the hover). */
export type ContextFeature = Feature<
  Polygon | MultiPolygon,
  {
    code: string;
    name: string;
    level: string;
    kind: 'area' | 'town';
    /** The place it lies in: its code (the file it came from) and its name. */
    from: string;
    within: string;
  }
>;
export type ContextCollection = FeatureCollection<ContextFeature['geometry'], ContextFeature['properties']>;

/** What surrounds a step, and what of it the step draws itself (left out, so nothing is drawn twice). */
export interface Around {
  /** Province-level areas (around a region or a province), or cities and municipalities (around a town). */
  kind: 'area' | 'town';
  /** A region whose areas the step draws (the region step's own). */
  ownRegion?: string;
  /** A province-level area whose towns the step draws (the town step's province). */
  ownArea?: string;
  /** Codes of places the step draws: the province, its towns. */
  drawn: ReadonlySet<string>;
}

/**
 * What surrounds a step: around a region, the other regions' areas; around a province, every area but the
 * province and the towns it lists (a city that stands apart is listed under the province it lies in); around a
 * town, the towns of every other area. Undefined at the country, and until the step's own places are known.
 */
export function aroundStep(
  step: 'region' | 'province' | 'municity',
  regionCode: string | undefined,
  province: { code: string | null; towns: { properties: { code: string } }[] } | undefined,
  /**
   * At a region step, the PSGC codes of the provinces it lists: a region reorganized through the API
   * lists provinces whose outlines the built files keep under the region they came from.
   */
  regionAreas: readonly string[] = [],
): Around | undefined {
  if (step === 'region') {
    return regionCode ? { kind: 'area', ownRegion: regionCode, drawn: new Set(regionAreas) } : undefined;
  }
  if (!province) return undefined;
  const drawn = new Set(province.towns.map((f) => f.properties.code));
  if (province.code) drawn.add(province.code);
  return { kind: step === 'municity' ? 'town' : 'area', ownArea: province.code ?? undefined, drawn };
}

type Outlined = { code: string; name: string; box: Bounds };

const intersects = (a: Bounds, b: Bounds) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * The view's box grown by a tenth of its size each way: a small pan finds its surroundings already there, and no
 * more is read than the view shows (half its size each way read four times the view's area, and made every step
 * at `detailed` load several regions' files it did not show).
 */
function grown([w, s, e, n]: Bounds): Bounds {
  const dx = (e - w) / 10;
  const dy = (n - s) / 10;
  return [w - dx, s - dy, e + dx, n + dy];
}

/** Each outlined place of a collection with the box around it. */
function outlined(collection: FeatureCollection<Geometry | null, { code: string; name: string }> | undefined) {
  const places: Outlined[] = [];
  for (const feature of collection?.features ?? []) {
    const box = boundsOf({ type: 'FeatureCollection', features: [feature] });
    if (box) places.push({ code: String(feature.properties.code), name: feature.properties.name, box });
  }
  return places;
}

/** The places around a step (undefined until the first of them has arrived), and around a town the provinces. */
export interface Surrounding {
  places: ContextCollection | undefined;
  /** Around a town, the provinces in view (the town's own among them), to be named over their towns. */
  provinces: OutlineCollection['features'];
}

const NO_PROVINCES: OutlineCollection['features'] = [];

/**
 * The places around the current step at its own level and detail, for what the map shows: the province-level
 * areas of every region in view (around a region or a province), or the towns of every area in view (around a
 * town). They come from the built files of the same national topology as the step's own units (they are cut
 * from the same rounded barangays at each detail), so the two meet along the same line at any zoom; see
 * docs/data.md.
 */
export function useContextAround(
  around: Around | undefined,
  level: DetailLevel,
  regions: FeatureCollection<Geometry | null, { code: string; name: string }> | undefined,
  view: Bounds | undefined,
  /** Whether to ask for them now; until then the last ones stand. */
  ready = true,
): Surrounding {
  const regionBoxes = useMemo(() => outlined(regions), [regions]);
  const box = view && grown(view);
  const regionsInView =
    ready && around && box
      ? // A region created through the API has no built file of its own: its places are in their old regions'.
        regionBoxes.filter((r) => r.code !== around.ownRegion && isPsgcCode(r.code) && intersects(r.box, box))
      : [];

  // Around a town, the areas in view are found from their simple outlines (a few kilobytes a region).
  const areaLevel = around?.kind === 'town' ? 'simple' : level;
  const areaFiles = useQueries({
    queries: regionsInView.map((r) => datasetQueries.areas(r.code, areaLevel)),
    combine: dataOf,
  });
  const areaBoxes = useMemo(() => areaFiles.flatMap(outlined), [areaFiles]);
  const areasInView =
    around?.kind === 'town' && box ? areaBoxes.filter((a) => a.code !== around.ownArea && intersects(a.box, box)) : [];
  // The provinces in view, by their codes: one string, so the list is made again only when it changes.
  const provinceCodes =
    around?.kind === 'town' && box ? areaBoxes.flatMap((a) => (intersects(a.box, box) ? [a.code] : [])).join() : '';
  const provinces = useMemo(() => {
    if (!provinceCodes) return NO_PROVINCES;
    const wanted = new Set(provinceCodes.split(','));
    return areaFiles
      .flatMap((f) => f?.features ?? [])
      .filter((f) => f.properties.level === 'Prov' && wanted.has(f.properties.code));
  }, [areaFiles, provinceCodes]);
  const townFiles = useQueries({
    queries: areasInView.map((a) => datasetQueries.towns(a.code, level)),
    combine: dataOf,
  });

  // Each file's place above, by name, in the files' order: one string, so the collection is rebuilt only when
  // a file or a name changes.
  const kind = around?.kind;
  const files = kind === 'area' ? areaFiles : townFiles;
  const above = (kind === 'area' ? regionsInView : areasInView).map((p) => `${p.code}\t${p.name}`).join('\n');
  const drawn = around?.drawn;
  const collection = useMemo((): ContextCollection | undefined => {
    if (!kind || !drawn || !files.some(Boolean)) return undefined;
    const places = above.split('\n').map((line) => {
      const [code, name] = line.split('\t');
      return { code, name };
    });
    return contextOf(kind, files, places, drawn);
  }, [kind, drawn, files, above]);
  // While the places around load at another detail, or for a moved view, the last ones stand in: the map
  // keeps its surroundings, in their colours, rather than flashing the regions' outlines in between.
  const last = useRef<ContextCollection>(undefined);
  if (!around) last.current = undefined;
  else if (collection) last.current = collection;
  const stale = collection ? undefined : last.current;
  const shown = useMemo(() => (stale && around ? without(stale, around) : undefined), [stale, around]);
  return { places: around ? (collection ?? shown) : undefined, provinces };
}

/** The last places around, less what the step now draws itself (a step up draws its region's areas). */
function without(collection: ContextCollection, { drawn, ownRegion, ownArea }: Around): ContextCollection {
  const features = collection.features.filter(
    ({ properties: p }) => !drawn.has(p.code) && p.from !== ownRegion && p.from !== ownArea,
  );
  return features.length === collection.features.length ? collection : { type: 'FeatureCollection', features };
}

/**
 * What the map draws around a step from the files of the places around it (each with the name of the place it
 * lies in): every outline but those the step draws itself.
 */
export function contextOf(
  kind: 'area' | 'town',
  files: (OutlineCollection | undefined)[],
  /** The place each file's outlines lie in (a region, or an area), in the files' order. */
  above: { code: string; name: string }[],
  drawn: ReadonlySet<string>,
): ContextCollection {
  const features: ContextFeature[] = [];
  files.forEach((file, i) => {
    for (const f of file?.features ?? []) {
      if (!drawn.has(f.properties.code))
        features.push({
          ...f,
          properties: { ...f.properties, kind, from: above[i]?.code ?? '', within: above[i]?.name ?? '' },
        });
    }
  });
  return { type: 'FeatureCollection', features };
}

/** The files' contents, in order (undefined while one loads); the same array while none has changed. */
const dataOf = (results: { data?: OutlineCollection }[]) => results.map((r) => r.data);
