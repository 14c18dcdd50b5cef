import { useQuery } from '@tanstack/react-query';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { useMemo } from 'react';
import { datasetQueries, type SplitBarangay } from '../../api/dataset.ts';
import { partsText, splitText } from '../../contract/split-text.ts';
import { useHatchImage } from '../../map/hatch.ts';
import { useLayerInteractions } from '../../map/interactions.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { useFirstScreenDrawn } from '../../state/first-screen.ts';
import { splitLayers, splitsFill } from './layers.ts';

/**
 * "Barangay 176 (4Q 2023): split in 2024 into 176-A to 176-F; their boundaries are not yet published": what the
 * map says of a split barangay's old territory, and the facts of one of its parts.
 */
export function territoryText(split: Pick<SplitBarangay, 'name' | 'vintages' | 'since' | 'parts'>): string {
  return `${split.name} (${split.vintages.join(', ')}): ${splitText(split.name, split)}; their boundaries are not yet published`;
}

const describe = (feature: Pick<MapGeoJSONFeature, 'properties'>) => String(feature.properties.label);
const ignoreClick = () => {};

/**
 * Barangays split since the boundaries were drawn (Caloocan's 176 into 176-A…F), as their old territory at every
 * step: hatched with a solid outline, named on hover. The parts have no polygon of their own, so this is all the
 * map can honestly draw of them. A click selects nothing; the search and the town's list choose a part. Read once
 * the first screen is drawn, as the land no barangay covers is: drawn on it, its hatch and dashed edge built two GL
 * programs (SwiftShader: a 300 ms wait) before the regions appeared.
 */
export function SplitTerritories() {
  const drawn = useFirstScreenDrawn();
  // (the file may be read before, for a chosen barangay's notice and facts: its territory is still drawn after)
  const read = useQuery({ ...datasetQueries.splits(), enabled: drawn }).data;
  const splits = drawn ? read : undefined;
  const collection = useMemo(
    () =>
      splits?.length
        ? {
            type: 'FeatureCollection' as const,
            features: splits
              .filter((s) => s.geometry)
              .map((s) => ({
                type: 'Feature' as const,
                properties: {
                  code: s.code,
                  name: s.name,
                  label: territoryText(s),
                  short: `${s.name} (split: ${partsText(s.name, s.parts)})`,
                },
                geometry: s.geometry,
              })),
          }
        : undefined,
    [splits],
  );
  useHatchImage();
  useGeoJsonSource(splitLayers, collection);
  useLayerInteractions(splitsFill, ignoreClick, describe);
  return null;
}
