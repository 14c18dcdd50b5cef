import { useQuery } from '@tanstack/react-query';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { datasetQueries } from '../../api/dataset.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { useHatchImage } from '../../map/hatch.ts';
import { useLayerInteractions } from '../../map/interactions.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { useFirstScreenDrawn } from '../../state/first-screen.ts';
import { noBarangayFill, noBarangayLayers } from './layers.ts';

/** The hover's text: what the land is, and the towns around it. */
export const describeNoBarangay = (feature: Pick<MapGeoJSONFeature, 'properties'>) => {
  const { name, around } = feature.properties;
  return around ? `${name} · between ${around}` : String(name);
};

const ignoreClick = () => {};

/**
 * Land that no barangay of the source boundaries covers, at the step's detail, at every step: drawn as land
 * (the map's background is the sea's colour), marked apart, and named with the towns around it on hover.
 * A click on it selects nothing: it belongs to no place. Read once the first screen is drawn (7 KB gzip at
 * `simple`, 23 KB at `detailed`), so the regions come first.
 */
export function NoBarangayLand({ detail }: { detail: DetailLevel }) {
  const land = useQuery({ ...datasetQueries.noBarangay(detail), enabled: useFirstScreenDrawn() }).data;
  useHatchImage();
  useGeoJsonSource(noBarangayLayers, land);
  useLayerInteractions(noBarangayFill, ignoreClick, describeNoBarangay);
  return null;
}
