import { useQuery } from '@tanstack/react-query';
import { datasetQueries } from '../api/dataset.ts';
import { regionQueries } from '../api/regions.ts';
import { REGIONS_SOURCE, regionsFill, regionsLine } from '../map/layers.ts';
import { useGeoJsonSource } from '../map/use-geojson-source.ts';

const LAYERS = [regionsFill, regionsLine];

/** The country's regions at the `simple` level from the /v1 service, with the data's attribution on the map. */
export function RegionsLayer() {
  const manifest = useQuery(datasetQueries.manifest());
  const regions = useQuery(regionQueries.shapes('simple'));
  useGeoJsonSource(REGIONS_SOURCE, regions.data, LAYERS, manifest.data?.attribution);

  if (regions.isPending) {
    return (
      <p className="status" role="status">
        Loading regions…
      </p>
    );
  }
  if (regions.isError) {
    return (
      <p className="status" data-kind="error" role="alert">
        Regions could not be loaded: {regions.error.message}
      </p>
    );
  }
  return null;
}
