/**
 * Draws an outline job (outline-jobs.ts) from the built polygon files (outline-files.ts), clipping with outlines.ts
 * (polyclip-ts). A module of its own so that the browser's service loads the clipper (about 15 KB gzip) with the
 * first outline that must be clipped (reorganized.ts imports it then): only created records make any.
 */

import type { FeatureCollection, MultiPolygon } from 'geojson';
import type { Shape } from '../contract/types.ts';
import { dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Dataset } from './dataset.ts';
import { areaShapes, readOutline, regionAreas, regionFile, townShapes } from './outline-files.ts';
import { type OutlineJob, readsOnly } from './outline-jobs.ts';
import { type Part, unionOf, withoutMoved } from './outlines.ts';

export async function drawOutline(data: Dataset, job: OutlineJob): Promise<MultiPolygon | null> {
  if (readsOnly(job)) return readOutline(data, job);
  switch (job.kind) {
    case 'areas':
      return unionOf(await areaShapes(data, job.areas, job.detail));
    case 'towns':
      return unionOf(await townShapes(data, job.towns, job.detail));
    case 'region': {
      const original = (await regionFile(data, job.detail)).get(job.psgc);
      if (!original) return null;
      const areas = await regionAreas(data, job.psgc, job.detail);
      const parts: Part[] = areas.map((f) => ({ shape: f.geometry, moved: job.lost.includes(f.properties.code) }));
      return withoutMoved(original, parts);
    }
    case 'area': {
      const original = (await areaShapes(data, [job.area], job.detail, false))[0];
      if (!original) return null;
      const towns = await data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(job.detail, job.area));
      return withoutMoved(
        original,
        towns.features.map((f) => ({ shape: f.geometry, moved: job.lost.includes(f.properties.code) })),
      );
    }
  }
}
