/**
 * Draws an outline job (outline-jobs.ts) from the built polygon files, clipping with outlines.ts (polyclip-ts). A
 * module of its own so that the browser's service loads the clipper (about 15 KB gzip) with the first outline that
 * needs one (reorganized.ts imports it when asked): only created records have any, and the first screen has none.
 */

import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { regionCodeOf } from '../contract/psgc.ts';
import type { Shape } from '../contract/types.ts';
import { type Detail, dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Dataset } from './dataset.ts';
import type { OutlineJob } from './outline-jobs.ts';
import { type Part, polygonsOf, unionOf, withoutMoved } from './outlines.ts';

export async function drawOutline(data: Dataset, job: OutlineJob): Promise<MultiPolygon | null> {
  switch (job.kind) {
    case 'areas':
      return unionOf(await areaShapes(data, job.areas, job.detail));
    case 'towns':
      return unionOf(await townShapes(data, job.towns, job.detail));
    case 'region': {
      const original = (await regionFile(data, job.detail)).get(job.psgc);
      if (!original || !job.lost.length) return original ? toMulti(original) : null;
      const areas = await regionAreas(data, job.psgc, job.detail);
      const parts: Part[] = areas.map((f) => ({ shape: f.geometry, moved: job.lost.includes(f.properties.code) }));
      return withoutMoved(original, parts);
    }
    case 'area': {
      const original = (await areaShapes(data, [job.area], job.detail, false))[0];
      if (!original || !job.lost.length) return original ? toMulti(original) : null;
      const towns = await data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(job.detail, job.area));
      return withoutMoved(
        original,
        towns.features.map((f) => ({ shape: f.geometry, moved: job.lost.includes(f.properties.code) })),
      );
    }
  }
}

/** A regions file by code, indexed once per file read. */
const indexed = new WeakMap<object, Map<string, Shape>>();
async function regionFile(data: Dataset, detail: Detail): Promise<Map<string, Shape>> {
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
async function regionAreas(data: Dataset, region: string, detail: Detail): Promise<Feature<Shape, FeatureProps>[]> {
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
async function areaShapes(data: Dataset, areas: readonly string[], detail: Detail, forRegions = true) {
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
async function townShapes(data: Dataset, towns: readonly string[], detail: Detail): Promise<Shape[]> {
  const areas = [...new Set(towns.flatMap((t) => data.municities.get(t)?.area ?? []))];
  const files = await Promise.all(
    areas.map((a) => data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(detail, a))),
  );
  const byCode = new Map(files.flatMap((f) => f.features.map((x) => [x.properties.code, x.geometry] as const)));
  return towns.flatMap((t) => byCode.get(t) ?? []);
}

const toMulti = (shape: Shape): MultiPolygon => ({ type: 'MultiPolygon', coordinates: polygonsOf(shape) });
