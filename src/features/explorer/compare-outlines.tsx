import { useMemo } from 'react';
import type { DetailLevel } from '../../contract/types.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { compareLayers } from './compare-layers.ts';
import type { PlaceRef } from './place-ref.ts';
import { type Outline, usePlace } from './use-place.ts';

/**
 * The two places compared (or the first, while the second is picked), outlined on the map at the step's detail,
 * whatever the step draws. Each feature carries its role ('a' or 'b'), which the layers style.
 */
export function CompareOutlines({ places, detail }: { places: PlaceRef[]; detail: DetailLevel }) {
  const a = usePlace(places[0], detail).outline;
  const b = usePlace(places[1], detail).outline;
  const collection = useMemo(() => {
    const tagged = (outline: Outline | undefined, role: 'a' | 'b') =>
      (outline ?? []).map((f) => ({
        ...f,
        properties: { ...f.properties, code: `${role}:${f.properties.code}`, role },
      }));
    const features = [...tagged(a, 'a'), ...tagged(b, 'b')];
    return { type: 'FeatureCollection' as const, features };
  }, [a, b]);
  useGeoJsonSource(compareLayers, collection);
  return null;
}
