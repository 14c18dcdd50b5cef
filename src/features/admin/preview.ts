import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import type { RegionPreview } from '../../api/regions.ts';

type PreviewFeature = Feature<MultiPolygon | null, { code: string; name: string; role: 'new' | 'from' }>;

/** A preview's outlines as features: the new region (`new`) and the regions it takes from as they would be. */
export function previewCollection(preview: RegionPreview): FeatureCollection<MultiPolygon | null> {
  const features: PreviewFeature[] = preview.regions.map((r) => ({
    type: 'Feature',
    properties: { code: r.code, name: r.name, role: r.from ? 'from' : 'new' },
    geometry: r.geometry,
  }));
  return { type: 'FeatureCollection', features };
}
