import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { featureState } from '../../map/layer-helpers.ts';
import { SLOT, type SourceLayers } from '../../map/layers.ts';

/** The sources the admin area adds to the map while a new region's members are picked; the browser tests ask for them. */
export const SOURCE = {
  /** The places an admin can pick as a new region's members, and the preview of what the region would be. */
  pick: 'pick',
  preview: 'preview',
} as const;

/** The admin area's layers, by id. */
export const LAYER = {
  pickFill: 'pick-fill',
  pickLine: 'pick-line',
  previewFill: 'preview-fill',
  previewLine: 'preview-line',
} as const;

/**
 * Picking a new region's members: every province-level place, faint, the picked ones strong; the
 * preview draws the new region (blue) and the regions it takes them from as they would be (dashed).
 */
export const pickFill: FillLayerSpecification = {
  id: LAYER.pickFill,
  type: 'fill',
  source: SOURCE.pick,
  paint: {
    'fill-color': ['case', featureState('selected'), '#1d4ed8', '#ffffff'],
    'fill-opacity': ['case', featureState('selected'), 0.55, featureState('hover'), 0.45, 0.2],
  },
};
const pickLine: LineLayerSpecification = {
  id: LAYER.pickLine,
  type: 'line',
  source: SOURCE.pick,
  paint: {
    'line-color': ['case', featureState('selected'), '#1d4ed8', '#55606b'],
    'line-width': ['case', featureState('selected'), 2, 0.6],
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
