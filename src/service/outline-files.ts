/**
 * Reading an outline from the built polygon files, without clipping: the outlines of units no record changed (every
 * region and province until an admin creates one), and the shapes drawing a changed one starts from
 * (draw-outline.ts). Kept apart from the clipper (outlines.ts, polyclip-ts), which the browser's service loads only
 * when an outline must be clipped: the first screen's regions are read here.
 */

import type { Feature, FeatureCollection, MultiPolygon, Position } from 'geojson';
import { regionCodeOf } from '../contract/psgc.ts';
import type { Shape } from '../contract/types.ts';
import { type Detail, dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Dataset } from './dataset.ts';
import type { OutlineJob } from './outline-jobs.ts';

export const polygonsOf = (shape: Shape): Position[][][] =>
  shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;

const toMulti = (shape: Shape): MultiPolygon => ({ type: 'MultiPolygon', coordinates: polygonsOf(shape) });

/** An outline that is only read (outline-jobs.ts readsOnly): a unit as built, or a created one of one member. */
export async function readOutline(data: Dataset, job: OutlineJob): Promise<MultiPolygon | null> {
  // A union of at most one shape, as outlines.ts's unionOf draws it: its polygons, or null for none.
  const one = (shapes: Shape[]): MultiPolygon | null => {
    const polygons = shapes.flatMap(polygonsOf);
    return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : null;
  };
  switch (job.kind) {
    case 'areas':
      return one(await areaShapes(data, job.areas, job.detail));
    case 'towns':
      return one(await townShapes(data, job.towns, job.detail));
    case 'region': {
      const original = (await regionFile(data, job.detail)).get(job.psgc);
      return original ? toMulti(original) : null;
    }
    case 'area':
      return one(await areaShapes(data, [job.area], job.detail, false));
  }
}

/** A regions file by code, indexed once per file read. */
const indexed = new WeakMap<object, Map<string, Shape>>();
export async function regionFile(data: Dataset, detail: Detail): Promise<Map<string, Shape>> {
  const file = await data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.regions(detail));
  let byCode = indexed.get(file);
  if (!byCode) {
    byCode = new Map(file.features.map((f) => [f.properties.code, f.geometry]));
    indexed.set(file, byCode);
  }
  return byCode;
}

/**
 * A region's province-level areas as its outline at this detail is made of them: at `simple`, the areas the
 * country overview was dissolved from (data built before them: the areas at simple, which it nests in only
 * to within its tolerance); otherwise the region's own file.
 */
export async function regionAreas(
  data: Dataset,
  region: string,
  detail: Detail,
): Promise<Feature<Shape, FeatureProps>[]> {
  if (detail === 'simple') {
    const overview = await data
      .geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.overviewAreas)
      .catch(() => undefined);
    if (overview) return overview.features.filter((f) => f.properties.code.startsWith(region.slice(0, 2)));
  }
  const file = await data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.provinces(detail, region));
  return file.features;
}

/**
 * Province-level areas' outlines: as their regions' outlines are made of them (`forRegions`), or as the
 * provinces' own files draw them, which their towns nest in.
 */
export async function areaShapes(data: Dataset, areas: readonly string[], detail: Detail, forRegions = true) {
  const regions = [...new Set(areas.map(regionCodeOf))];
  const files = await Promise.all(
    regions.map((r) =>
      forRegions
        ? regionAreas(data, r, detail)
        : data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.provinces(detail, r)).then((f) => f.features),
    ),
  );
  const byCode = new Map(files.flatMap((f) => f.map((x) => [x.properties.code, x.geometry] as const)));
  return areas.flatMap((a) => byCode.get(a) ?? []);
}

/** Towns' outlines, from their areas' files. */
export async function townShapes(data: Dataset, towns: readonly string[], detail: Detail): Promise<Shape[]> {
  const areas = [...new Set(towns.flatMap((t) => data.municities.get(t)?.area ?? []))];
  const files = await Promise.all(
    areas.map((a) => data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(detail, a))),
  );
  const byCode = new Map(files.flatMap((f) => f.features.map((x) => [x.properties.code, x.geometry] as const)));
  return towns.flatMap((t) => byCode.get(t) ?? []);
}
