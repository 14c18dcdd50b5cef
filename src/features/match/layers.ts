import type { CircleLayerSpecification, ExpressionSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { featureState } from '../../map/layer-helpers.ts';
import { SLOT, type SourceLayers } from '../../map/layers.ts';

/** The sources "Match a file" adds to the map; the browser tests and bench:match ask the map for these ids. */
export const SOURCE = {
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
} as const;

/** The layers "Match a file" adds to the map, by id. */
export const LAYER = {
  matchCountsFill: 'match-counts-fill',
  matchCountsLine: 'match-counts-line',
  matchPlaceLine: 'match-place-line',
  matchClusters: 'match-clusters',
  matchClusterCount: 'match-cluster-count',
  matchPoints: 'match-points',
  matchChosen: 'match-chosen',
  matchWarmup: 'match-warmup',
  matchWarmupCount: 'match-warmup-count',
} as const;

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
    'circle-radius': ['case', featureState('selected'), 9, ['step', ['get', 'rows'], 5, 10, 7, 100, 9]],
    'circle-stroke-color': ['case', featureState('selected'), '#0b1d3a', '#ffffff'],
    'circle-stroke-width': ['case', featureState('selected'), 3, 1],
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
    // holds the page's main thread for 200–500 ms under a software renderer.
    'circle-stroke-color': ['case', featureState('selected'), '#0b1d3a', '#ffffff'],
    'circle-stroke-width': ['case', featureState('selected'), 3, 1.5],
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
 * The GL programs of the matched points, built when "Match a file" opens rather than when the first points appear:
 * MapLibre builds a program the first time a layer that needs it draws, synchronously, and under a
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
