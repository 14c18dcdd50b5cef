/**
 * What drawing one reorganized outline takes, as plain data: the HTTP server hands these to its worker
 * threads, each with a dataset of its own, so the clipping never holds the thread that answers; the browser's
 * service and the tests draw them in place. They are drawn by draw-outline.ts, which reads only the built polygon
 * files, never the records.
 */

import type { MultiPolygon } from 'geojson';
import type { Detail } from '../dataset/types.ts';

export type OutlineJob =
  /** A created region: the union of its province-level areas, as regions' outlines are made of them. */
  | { kind: 'areas'; detail: Detail; areas: string[] }
  /** A region of the code list without the areas it lost. */
  | { kind: 'region'; detail: Detail; psgc: string; lost: string[] }
  /** A created province: the union of its towns. */
  | { kind: 'towns'; detail: Detail; towns: string[] }
  /** A province-level area of the code list without the towns it lent. */
  | { kind: 'area'; detail: Detail; area: string; lost: string[] };

/** Draws outlines; the server's runs them in worker threads, the default here in place. */
export type OutlineDrawer = (jobs: OutlineJob[]) => Promise<(MultiPolygon | null)[]>;

/** The key an outline is kept under: what it is made of. */
export function jobKey(job: OutlineJob): string {
  switch (job.kind) {
    case 'areas':
      return `u/${job.detail}/${job.areas}`;
    case 'region':
      return `r/${job.detail}/${job.psgc}/${job.lost}`;
    case 'towns':
      return `t/${job.detail}/${job.towns}`;
    case 'area':
      return `a/${job.detail}/${job.area}/${job.lost}`;
  }
}

/** Whether a job only reads a file (nothing to clip): not worth a trip to another thread. */
export function readsOnly(job: OutlineJob): boolean {
  switch (job.kind) {
    case 'areas':
      return job.areas.length <= 1;
    case 'towns':
      return job.towns.length <= 1;
    default:
      return job.lost.length === 0;
  }
}
