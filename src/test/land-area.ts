/** The pipeline's geodesic land area, for tests that compare outlines by area (src/pipeline/land-area.ts). */
export { landAreaKm2 } from '../pipeline/land-area.ts';
