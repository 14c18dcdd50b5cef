import type {
  BackgroundLayerSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  TransformStyleFunction,
} from 'maplibre-gl';

/**
 * The map's draw order. Each feature declares its own sources and layers (features/explorer/layers.ts,
 * features/match/layers.ts, features/admin/layers.ts, features/your-data/layers.ts) and names the slot they go
 * under; the order of the slots is the one place that says what is drawn over what.
 */

/**
 * Empty layers that fix the draw order, bottom to top; each source's layers are added before its own slot, so
 * the order does not depend on which component mounts first (what react-map-gl's `beforeId` and Mapbox's style
 * slots are for). `withSlots` puts them at the top of whatever style the map loads.
 */
export const SLOT = {
  regions: 'slot-regions',
  noBarangay: 'slot-no-barangay',
  context: 'slot-context',
  /** A user's own figures (src/features/your-data): under the step's units, whose fills give way to them. */
  yourData: 'slot-your-data',
  batch: 'slot-batch',
  regionTowns: 'slot-region-towns',
  towns: 'slot-towns',
  barangays: 'slot-barangays',
  splits: 'slot-splits',
  /** Two places compared: their outlines above every place's fill and edge, under the names. */
  compare: 'slot-compare',
  /** Above every place's fill: a province's name is read over its towns, the step's own included. */
  areaLabels: 'slot-area-labels',
  matchCounts: 'slot-match-counts',
  matchPlace: 'slot-match-place',
  matchPoints: 'slot-match-points',
  matchChosen: 'slot-match-chosen',
  pick: 'slot-pick',
  preview: 'slot-preview',
} as const;

const slotLayers: BackgroundLayerSpecification[] = Object.values(SLOT).map((id) => ({
  id,
  type: 'background',
  layout: { visibility: 'none' },
}));

/** The style with the slots on top of its own layers, offline or remote alike. */
export const withSlots: TransformStyleFunction = (_previous, next) => ({
  ...next,
  layers: [...next.layers, ...slotLayers],
});

/** A source's layers, and the slot they are drawn under. */
export interface SourceLayers {
  /** The source's id: a feature names its own (the browser tests ask the map for its sources and layers by id). */
  source: string;
  layers: LayerSpecification[];
  beforeId: (typeof SLOT)[keyof typeof SLOT];
  /** More of the source's options (clustering). */
  options?: Omit<GeoJSONSourceSpecification, 'type' | 'data'>;
}
