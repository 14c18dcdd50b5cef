/**
 * The explorer's sources and layers on the map, by id: the step's places, the places around it, the land no
 * barangay covers, split barangays and two places compared. The browser tests and bench:ui ask the map for these
 * same ids; the specs are in layers.ts (and compare-layers.ts), the draw order in map/layers.ts (SLOT).
 */
export const SOURCE = {
  regions: 'regions',
  /** Land that no barangay of the source boundaries covers, drawn as land (not as the background's sea). */
  noBarangay: 'no-barangay',
  /** The places around the current step, at its own level and detail (context.ts). */
  context: 'context',
  /** One point per place around the step, for its name (src/map/label-point.ts). */
  contextLabels: 'context-labels',
  /** Around a town, one point per province in view, for its name: the towns around say where they are. */
  areaLabels: 'area-labels',
  batch: 'batch',
  regionTowns: 'region-towns',
  towns: 'towns',
  barangays: 'barangays',
  /** Barangays split since an older list, drawn as their old territory (their parts' boundaries are unpublished). */
  splits: 'splits',
  /** Two places compared, outlined (compare-layers.ts). */
  compare: 'compare',
} as const;

export const LAYER = {
  regionsFill: 'regions-fill',
  regionsLine: 'regions-line',
  noBarangayFill: 'no-barangay-fill',
  noBarangayLine: 'no-barangay-line',
  contextFill: 'context-fill',
  contextLine: 'context-line',
  contextLabel: 'context-label',
  areaLabel: 'area-label',
  batchFill: 'batch-fill',
  batchLine: 'batch-line',
  regionTownsFill: 'region-towns-fill',
  regionTownsLine: 'region-towns-line',
  townsFill: 'towns-fill',
  townsLine: 'towns-line',
  barangaysFill: 'barangays-fill',
  barangaysLine: 'barangays-line',
  barangaysLabel: 'barangays-label',
  splitsFill: 'splits-fill',
  splitsLine: 'splits-line',
  splitsLabel: 'splits-label',
  compareHalo: 'compare-halo',
  compareLine: 'compare-line',
} as const;
