/**
 * A region as an answer names it, in either shape (`numeric`, as the interface document; `string`, as the live
 * service), with its facts and, where asked, its outline as the records have reorganized it.
 */
import type { MultiPolygon } from 'geojson';
import type { DetailLevel, RegionFeatureCollection, RegionNumeric, RegionString } from '../../contract/types.ts';
import type { RegionEntity } from '../dataset.ts';
import type { Places, RegionShape } from '../places.ts';
import { regionFacts } from './facts.ts';

export function regionRecord(
  places: Places,
  region: RegionEntity,
  geometry?: MultiPolygon | null,
  shape: RegionShape = places.regionShape,
): RegionNumeric | RegionString {
  const extra = geometry === undefined ? {} : { geometry };
  if (shape === 'string') {
    return {
      id: region.stringId,
      name: region.name,
      code: region.shortCode,
      psgc_code: region.psgc,
      created_at: region.createdAt,
      ...regionFacts(places, region),
      ...extra,
    };
  }
  return {
    id: region.numericId,
    name: region.name,
    code: region.psgc ?? region.shortCode,
    short_code: region.shortCode,
    string_id: region.stringId,
    population: region.population,
    created_at: region.createdAt,
    ...regionFacts(places, region),
    ...extra,
  };
}

/** Regions with their outlines at a detail (undefined where none is asked). */
export async function withGeometry(places: Places, regions: RegionEntity[], detail: DetailLevel | null) {
  if (!detail) return regions.map((r) => ({ region: r, geometry: undefined }));
  const shapes = await places.regionOutlines(regions, detail);
  return regions.map((r, i) => ({ region: r, geometry: shapes[i] }));
}

export function regionCollection(
  places: Places,
  items: { region: RegionEntity; geometry?: MultiPolygon | null }[],
): RegionFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: items.map(({ region, geometry }) => {
      const record = regionRecord(places, region);
      return {
        type: 'Feature',
        id: record.id,
        properties: { id: record.id, name: record.name, code: record.code },
        geometry: geometry ?? null,
      };
    }),
  };
}
