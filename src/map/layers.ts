import type {
  BackgroundLayerSpecification,
  CircleLayerSpecification,
  ExpressionSpecification,
  FillLayerSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
  TransformStyleFunction,
} from 'maplibre-gl';
import { HATCH_IMAGE } from './hatch.ts';

/** Every source the app adds to the map. */
export const SOURCE = {
  regions: 'regions',
  /** Land that no barangay of the source boundaries covers, drawn as land (not as the background's sea). */
  noBarangay: 'no-barangay',
  /** The places around the current step, at its own level and detail (src/features/explorer/context.ts). */
  context: 'context',
  /** One point per place around the step, for its name (src/map/label-point.ts). */
  contextLabels: 'context-labels',
  /** Around a town, one point per province in view, for its name: the towns around say where they are. */
  areaLabels: 'area-labels',
  batch: 'batch',
  regionTowns: 'region-towns',
  towns: 'towns',
  barangays: 'barangays',
  /** Barangays split since an older list, drawn as their old territory (issue 35). */
  splits: 'splits',
  /** Two places compared, outlined (src/features/explorer/compare-layers.ts). */
  compare: 'compare',
  /** An empty source that carries the data's attribution line. */
  attribution: 'attribution',
  /** A matched file's rows as points (clustered), its counts per place, and the chosen row's place. */
  matchPoints: 'match-points',
  matchCounts: 'match-counts',
  matchPlace: 'match-place',
  /** The chosen row's point, drawn above every other point and cluster. */
  matchChosen: 'match-chosen',
  /**
   * One invisible point drawn when "Match a file" opens, so the GPU builds the match circles' and counts' programs
   * then (and the counts' glyphs are drawn).
   */
  matchWarmup: 'match-warmup',
  /** The places an admin can pick as a new region's members, and the preview of what the region would be. */
  pick: 'pick',
  preview: 'preview',
} as const;

/** Every layer the app adds; the browser tests and bench:ui ask the map for these same ids. */
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
  attribution: 'attribution',
  matchCountsFill: 'match-counts-fill',
  matchCountsLine: 'match-counts-line',
  matchPlaceLine: 'match-place-line',
  matchClusters: 'match-clusters',
  matchClusterCount: 'match-cluster-count',
  matchPoints: 'match-points',
  matchChosen: 'match-chosen',
  matchWarmup: 'match-warmup',
  matchWarmupCount: 'match-warmup-count',
  pickFill: 'pick-fill',
  pickLine: 'pick-line',
  previewFill: 'preview-fill',
  previewLine: 'preview-line',
} as const;

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

/** Eight soft colours, assigned by code so neighbours usually differ; none a blue that reads as the sea. */
const COLOURS = ['#f4d35e', '#9bc59d', '#f6a07a', '#c7a27c', '#d3a6d9', '#c9d97c', '#f2b5c4', '#a8d8cf'];
const colourBy = (digits: ExpressionSpecification) =>
  [
    'match',
    ['%', ['to-number', digits, 0], COLOURS.length],
    ...COLOURS.flatMap((colour, i) => [i, colour]),
    COLOURS[0],
  ] as unknown as ExpressionSpecification; // built from an array, which the tuple type cannot follow

const state = (name: 'hover' | 'selected'): ExpressionSpecification => ['boolean', ['feature-state', name], false];

function fill(id: string, source: string, colour: ExpressionSpecification, base = 0.75): FillLayerSpecification {
  return {
    id,
    type: 'fill',
    source,
    paint: {
      'fill-color': colour,
      'fill-opacity': ['case', state('selected'), 0.95, state('hover'), Math.min(1, base + 0.2), base],
    },
  };
}

function line(id: string, source: string, width: number): LineLayerSpecification {
  return {
    id,
    type: 'line',
    source,
    paint: {
      'line-color': ['case', state('selected'), '#0b3d91', state('hover'), '#1b2a38', '#3d4f5f'],
      'line-width': ['case', state('selected'), width * 3, state('hover'), width * 2, width],
    },
  };
}

export const regionsFill = fill(
  LAYER.regionsFill,
  SOURCE.regions,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
);
export const regionsLine = line(LAYER.regionsLine, SOURCE.regions, 0.8);
export const townsFill = fill(LAYER.townsFill, SOURCE.towns, colourBy(['slice', ['get', 'code'], 5, 7]), 0.7);
export const townsLine = line(LAYER.townsLine, SOURCE.towns, 0.8);
export const barangaysFill = fill(
  LAYER.barangaysFill,
  SOURCE.barangays,
  colourBy(['slice', ['get', 'code'], 7, 10]),
  0.6,
);
export const barangaysLine = line(LAYER.barangaysLine, SOURCE.barangays, 0.6);
export const batchFill = fill(
  LAYER.batchFill,
  SOURCE.batch,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
  0.85,
);
export const batchLine = line(LAYER.batchLine, SOURCE.batch, 1);

/**
 * Names drawn with the system's fonts: the style has no glyph server (MapLibre ≥ 5.11 draws them locally). Every
 * label layer's paint is constant, so all of them are drawn by one GL program (see the match points' note).
 */
function label(
  id: string,
  source: string,
  look: { field: string; size: number; maxWidth: number; colour: string; halo: number; minzoom?: number },
): SymbolLayerSpecification {
  return {
    id,
    type: 'symbol',
    source,
    ...(look.minzoom !== undefined && { minzoom: look.minzoom }),
    layout: { 'text-field': ['get', look.field], 'text-size': look.size, 'text-max-width': look.maxWidth },
    paint: { 'text-color': look.colour, 'text-halo-color': '#ffffff', 'text-halo-width': look.halo },
  };
}

export const barangaysLabel = label(LAYER.barangaysLabel, SOURCE.barangays, {
  field: 'name',
  size: 11,
  maxWidth: 8,
  colour: '#1b2a38',
  halo: 1.2,
  minzoom: 11,
});

/** At the region step: the region's towns coloured by province, so a click anywhere picks a province. */
export const regionTownsFill = fill(
  LAYER.regionTownsFill,
  SOURCE.regionTowns,
  colourBy(['to-string', ['get', 'colour']]),
  0.75,
);
export const regionTownsLine: LineLayerSpecification = {
  id: LAYER.regionTownsLine,
  type: 'line',
  source: SOURCE.regionTowns,
  paint: { 'line-color': '#6b7b8a', 'line-width': 0.4 },
};

/**
 * The places around the current step: muted, so the step stands out, each with its name on the map (the hover
 * adds the place above it). Coloured by code, so a place keeps its colour at every detail and every step.
 */
const CONTEXT_COLOURS = ['#e6dfcc', '#d8d2bd', '#e2d6c2', '#d4d9c4', '#e0d3cf', '#d7d0c6'];
export const contextFill: FillLayerSpecification = {
  ...fill(
    LAYER.contextFill,
    SOURCE.context,
    [
      'match',
      ['%', ['to-number', ['slice', ['get', 'code'], 2, 7], 0], CONTEXT_COLOURS.length],
      ...CONTEXT_COLOURS.flatMap((colour, i) => [i, colour]),
      CONTEXT_COLOURS[0],
    ] as unknown as ExpressionSpecification,
    0.85,
  ),
};
export const contextLine: LineLayerSpecification = {
  id: LAYER.contextLine,
  type: 'line',
  source: SOURCE.context,
  paint: {
    'line-color': ['case', state('hover'), '#1b2a38', '#6d6a5f'],
    'line-width': ['case', state('hover'), 1.6, 0.9],
  },
};
export const contextLabel = label(LAYER.contextLabel, SOURCE.contextLabels, {
  field: 'name',
  size: 12,
  maxWidth: 8,
  colour: '#4a4639',
  halo: 1.2,
});

/**
 * Around a town, the provinces in view by name: larger, in capitals and spaced, as printed maps name a province
 * over its towns. Placed before the towns' names where they collide (the upper layer is placed first).
 */
const areaLabel = label(LAYER.areaLabel, SOURCE.areaLabels, {
  field: 'name',
  size: 13,
  maxWidth: 10,
  colour: '#5b4a2e',
  halo: 1.6,
});
areaLabel.layout = { ...areaLabel.layout, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 };

/**
 * An area drawn hatched (hatch.ts), unlike any place's flat colour and nothing like the sea's blue, with a dashed
 * edge: a fill and its line on one source, brighter on hover.
 */
function hatchedArea(
  ids: { fill: string; line: string },
  source: string,
  look: { opacity: [hover: number, rest: number]; edge: string; width: number; dash: [number, number] },
): [FillLayerSpecification, LineLayerSpecification] {
  return [
    {
      id: ids.fill,
      type: 'fill',
      source,
      paint: {
        'fill-pattern': HATCH_IMAGE,
        'fill-opacity': ['case', state('hover'), ...look.opacity],
      },
    },
    {
      id: ids.line,
      type: 'line',
      source,
      paint: { 'line-color': look.edge, 'line-width': look.width, 'line-dasharray': look.dash },
    },
  ];
}

/**
 * Land no barangay covers (docs/data.md, "Holes no barangay fills"): hatched grey-brown with a dashed edge, so
 * it reads as land that belongs to no place. The hover names it and the towns around it.
 */
export const [noBarangayFill, noBarangayLine] = hatchedArea(
  { fill: LAYER.noBarangayFill, line: LAYER.noBarangayLine },
  SOURCE.noBarangay,
  { opacity: [1, 0.85], edge: '#8a8272', width: 1, dash: [2, 2] },
);

/**
 * A split barangay's old territory: hatched as land that is no barangay now, with a stronger outline of its own,
 * so it reads as one place whose parts are not drawn (their boundaries are not yet published).
 */
export const [splitsFill, splitsLine] = hatchedArea({ fill: LAYER.splitsFill, line: LAYER.splitsLine }, SOURCE.splits, {
  opacity: [0.9, 0.6],
  edge: '#5b4a2f',
  width: 2,
  dash: [3, 1.5],
});

/** A source's layers, and the slot they are drawn under. */
export interface SourceLayers {
  /** One of SOURCE, or a feature's own (a feature that declares its layers names its source). */
  source: string;
  layers: LayerSpecification[];
  beforeId: (typeof SLOT)[keyof typeof SLOT];
  /** More of the source's options (clustering). */
  options?: Omit<GeoJSONSourceSpecification, 'type' | 'data'>;
}

export const regionLayers: SourceLayers = {
  source: SOURCE.regions,
  layers: [regionsFill, regionsLine],
  beforeId: SLOT.regions,
};
export const noBarangayLayers: SourceLayers = {
  source: SOURCE.noBarangay,
  layers: [noBarangayFill, noBarangayLine],
  beforeId: SLOT.noBarangay,
};
/** "Barangay 176 (split: 176-A to 176-F)", once the town is in view. */
const splitsLabel = label(LAYER.splitsLabel, SOURCE.splits, {
  field: 'short',
  size: 12,
  maxWidth: 9,
  colour: '#3d2f18',
  halo: 1.5,
  minzoom: 11,
});
export const splitLayers: SourceLayers = {
  source: SOURCE.splits,
  layers: [splitsFill, splitsLine, splitsLabel],
  beforeId: SLOT.splits,
};
export const contextLayers: SourceLayers = {
  source: SOURCE.context,
  layers: [contextFill, contextLine],
  beforeId: SLOT.context,
};
/** The names of the places around the step, one each (a polygon's own labels repeat per island and per tile). */
export const contextLabelLayers: SourceLayers = {
  source: SOURCE.contextLabels,
  layers: [contextLabel],
  beforeId: SLOT.context,
};
export const areaLabelLayers: SourceLayers = {
  source: SOURCE.areaLabels,
  layers: [areaLabel],
  beforeId: SLOT.areaLabels,
};
export const batchLayers: SourceLayers = { source: SOURCE.batch, layers: [batchFill, batchLine], beforeId: SLOT.batch };
export const regionTownLayers: SourceLayers = {
  source: SOURCE.regionTowns,
  layers: [regionTownsFill, regionTownsLine],
  beforeId: SLOT.regionTowns,
};
export const townLayers: SourceLayers = { source: SOURCE.towns, layers: [townsFill, townsLine], beforeId: SLOT.towns };
export const barangayLayers: SourceLayers = {
  source: SOURCE.barangays,
  layers: [barangaysFill, barangaysLine, barangaysLabel],
  beforeId: SLOT.barangays,
};

/** The colours of a matched row's status, on the map and in the review's list. */
export const MATCH_COLOURS = { matched: '#1a7f4b', ambiguous: '#c2410c', fixed: '#1d4ed8' } as const;

const matchPoints: CircleLayerSpecification = {
  id: LAYER.matchPoints,
  type: 'circle',
  source: SOURCE.matchPoints,
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': [
      'match',
      ['get', 'status'],
      'ambiguous',
      MATCH_COLOURS.ambiguous,
      'fixed',
      MATCH_COLOURS.fixed,
      MATCH_COLOURS.matched,
    ],
    // A point for many rows at one place is drawn larger.
    'circle-radius': ['case', state('selected'), 9, ['step', ['get', 'rows'], 5, 10, 7, 100, 9]],
    'circle-stroke-color': ['case', state('selected'), '#0b1d3a', '#ffffff'],
    'circle-stroke-width': ['case', state('selected'), 3, 1],
  },
};

/** Clusters coloured from green to orange by their share of ambiguous rows. */
const matchClusters: CircleLayerSpecification = {
  id: LAYER.matchClusters,
  type: 'circle',
  source: SOURCE.matchPoints,
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': [
      'interpolate',
      ['linear'],
      ['/', ['get', 'ambiguous'], ['get', 'rows']],
      0,
      MATCH_COLOURS.matched,
      0.3,
      MATCH_COLOURS.ambiguous,
    ],
    'circle-opacity': 0.85,
    'circle-radius': ['step', ['get', 'rows'], 12, 50, 16, 500, 21, 5000, 27, 50000, 32],
    // A cluster is never the chosen row, but its stroke is written as the single points' is (read from each
    // feature): MapLibre then draws both layers with one GL program instead of two, and building a program
    // holds the page's main thread for 200–500 ms under a software renderer (issue 33).
    'circle-stroke-color': ['case', state('selected'), '#0b1d3a', '#ffffff'],
    'circle-stroke-width': ['case', state('selected'), 3, 1.5],
  },
};

/** A cluster's rows as its label: 950, 1.2k, 35k, 1.2M. */
const rowsAbbreviated: ExpressionSpecification = [
  'let',
  'n',
  ['get', 'rows'],
  [
    'case',
    ['>=', ['var', 'n'], 1_000_000],
    ['concat', ['to-string', ['/', ['round', ['/', ['var', 'n'], 100_000]], 10]], 'M'],
    ['>=', ['var', 'n'], 10_000],
    ['concat', ['to-string', ['round', ['/', ['var', 'n'], 1000]]], 'k'],
    ['>=', ['var', 'n'], 1000],
    ['concat', ['to-string', ['/', ['round', ['/', ['var', 'n'], 100]], 10]], 'k'],
    ['to-string', ['var', 'n']],
  ],
];

const matchClusterCount: SymbolLayerSpecification = {
  id: LAYER.matchClusterCount,
  type: 'symbol',
  source: SOURCE.matchPoints,
  filter: ['has', 'point_count'],
  layout: { 'text-field': rowsAbbreviated, 'text-size': 11, 'text-allow-overlap': true },
  paint: { 'text-color': '#ffffff' },
};

/** Every character rowsAbbreviated can write. */
export const COUNT_CHARACTERS = '0123456789.kM';

/**
 * The GL programs of the matched points, built when "Match a file" opens rather than when the first points appear
 * (issue 33): MapLibre builds a program the first time a layer that needs it draws, synchronously, and under a
 * software renderer that holds the main thread for 200–350 ms each, which came as the rows' points were drawn. One
 * point at the map's centre, drawn at an opacity nothing on screen can show (a thousandth: under half a level of
 * 8-bit colour), then removed; in two stages, one drawn frame each, so that the two programs are two tasks, not
 * one of over half a second:
 * 1. a circle with the single points' own paint (so the same program, which the clusters share);
 * 2. a label with the clusters' counts' font and paint, spelling every character a count can have, so the symbol
 *    program is built and those glyphs are drawn (a local font's glyphs are drawn on the main thread: 150 ms).
 */
export const matchWarmupStages: SourceLayers[] = [
  {
    source: SOURCE.matchWarmup,
    layers: [
      {
        id: LAYER.matchWarmup,
        type: 'circle',
        source: SOURCE.matchWarmup,
        paint: { ...matchPoints.paint, 'circle-opacity': 0.001, 'circle-stroke-opacity': 0.001 },
      },
    ],
    beforeId: SLOT.matchPoints,
  },
  {
    source: SOURCE.matchWarmup,
    layers: [
      {
        id: LAYER.matchWarmupCount,
        type: 'symbol',
        source: SOURCE.matchWarmup,
        layout: { ...matchClusterCount.layout, 'text-field': COUNT_CHARACTERS },
        paint: { ...matchClusterCount.paint, 'text-opacity': 0.001 },
      },
    ],
    beforeId: SLOT.matchPoints,
  },
];

export const matchPointLayers: SourceLayers = {
  source: SOURCE.matchPoints,
  layers: [matchClusters, matchClusterCount, matchPoints],
  beforeId: SLOT.matchPoints,
  options: {
    cluster: true,
    clusterMaxZoom: 12,
    clusterRadius: 40,
    // A point stands for the rows at one place with one status: a cluster counts their rows, not its points.
    clusterProperties: {
      rows: ['+', ['get', 'rows']],
      ambiguous: ['+', ['case', ['==', ['get', 'status'], 'ambiguous'], ['get', 'rows'], 0]],
    },
  },
};

/**
 * The chosen row's point on its own, above the clusters: a fixed row's point, moved into its new place, joined a
 * cluster there and could not be seen (the points' own selected look is drawn only where they are not clustered).
 */
export const matchChosenLayers: SourceLayers = {
  source: SOURCE.matchChosen,
  layers: [
    {
      id: LAYER.matchChosen,
      type: 'circle',
      source: SOURCE.matchChosen,
      // The single points' own paint, marked selected (feature-state): one GL program for both (see matchClusters).
      paint: matchPoints.paint,
    },
  ],
  beforeId: SLOT.matchChosen,
};

/** The chosen row's barangay or town, outlined. */
export const matchPlaceLayers: SourceLayers = {
  source: SOURCE.matchPlace,
  layers: [
    {
      id: LAYER.matchPlaceLine,
      type: 'line',
      source: SOURCE.matchPlace,
      paint: { 'line-color': '#0b1d3a', 'line-width': 3 },
    },
  ],
  beforeId: SLOT.matchPlace,
};

/** Towns shaded by how many of the file's rows are in them (or in their province): `share` is 0 to 1. */
export const matchCountLayers: SourceLayers = {
  source: SOURCE.matchCounts,
  layers: [
    {
      id: LAYER.matchCountsFill,
      type: 'fill',
      source: SOURCE.matchCounts,
      filter: ['>', ['get', 'count'], 0],
      paint: {
        'fill-color': ['interpolate', ['linear'], ['get', 'share'], 0, '#fde9c8', 0.5, '#f08a3c', 1, '#7a1f0b'],
        'fill-opacity': 0.85,
      },
    },
    {
      id: LAYER.matchCountsLine,
      type: 'line',
      source: SOURCE.matchCounts,
      filter: ['>', ['get', 'count'], 0],
      paint: { 'line-color': '#ffffff', 'line-width': 0.3 },
    },
  ],
  beforeId: SLOT.matchCounts,
};

/**
 * Picking a new region's members (issue 18): every province-level place, faint, the picked ones strong; the
 * preview draws the new region (blue) and the regions it takes them from as they would be (dashed).
 */
export const pickFill: FillLayerSpecification = {
  id: LAYER.pickFill,
  type: 'fill',
  source: SOURCE.pick,
  paint: {
    'fill-color': ['case', state('selected'), '#1d4ed8', '#ffffff'],
    'fill-opacity': ['case', state('selected'), 0.55, state('hover'), 0.45, 0.2],
  },
};
const pickLine: LineLayerSpecification = {
  id: LAYER.pickLine,
  type: 'line',
  source: SOURCE.pick,
  paint: {
    'line-color': ['case', state('selected'), '#1d4ed8', '#55606b'],
    'line-width': ['case', state('selected'), 2, 0.6],
  },
};
export const pickLayers: SourceLayers = { source: SOURCE.pick, layers: [pickFill, pickLine], beforeId: SLOT.pick };

const previewFill: FillLayerSpecification = {
  id: LAYER.previewFill,
  type: 'fill',
  source: SOURCE.preview,
  filter: ['==', ['get', 'role'], 'new'],
  paint: { 'fill-color': '#1d4ed8', 'fill-opacity': 0.25 },
};
const previewLine: LineLayerSpecification = {
  id: LAYER.previewLine,
  type: 'line',
  source: SOURCE.preview,
  paint: {
    'line-color': ['case', ['==', ['get', 'role'], 'new'], '#0b3d91', '#c2410c'],
    'line-width': ['case', ['==', ['get', 'role'], 'new'], 3, 2],
    'line-dasharray': ['case', ['==', ['get', 'role'], 'new'], ['literal', [1, 0]], ['literal', [2, 1.5]]],
  },
};
export const previewLayers: SourceLayers = {
  source: SOURCE.preview,
  layers: [previewFill, previewLine],
  beforeId: SLOT.preview,
};
