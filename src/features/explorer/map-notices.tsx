import type { UseQueryResult } from '@tanstack/react-query';
import { useDownloads } from '../../api/downloads.ts';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { featureWithCode, featureWithId } from './lookup.ts';
import { type MapData, useMapData } from './map-data.ts';
import { useDetailLevel, useExplorerView } from './view.ts';

/**
 * What the map cannot show by itself: boundaries still arriving (with the bytes so far), boundaries that failed
 * (with a retry, or the key prompt for a 401), and a selection with no boundary at all.
 */
export function MapNotices() {
  const [view] = useExplorerView();
  const data = useMapData(view, useDetailLevel(view));
  return (
    <>
      <Downloads />
      {/* The panel reports a failed town itself; these are the layers only the map shows. */}
      <MapError
        failed={[
          [data.regions, 'Region boundaries'],
          [data.province, 'City and municipality boundaries'],
          [data.batch, 'The regions drawn together'],
        ]}
      />
      <NoBoundary data={data} view={view} />
    </>
  );
}

function Downloads() {
  const downloads = useDownloads();
  if (!downloads.length) return null;
  return (
    <p className="status" role="status" aria-live="polite">
      {downloads.map((d) => (
        <span key={d.id} className="download">
          Loading {d.label}… {(d.received / 1_000_000).toFixed(1)} MB
        </span>
      ))}
    </p>
  );
}

function MapError({ failed }: { failed: [UseQueryResult<unknown>, string][] }) {
  const [query, what] = failed.find(([q]) => q.isError) ?? [];
  if (!query?.error || !what) return null;
  return <ErrorNotice className="status" error={query.error} what={what} onRetry={() => void query.refetch()} />;
}

/**
 * A selection with nothing to draw: a region or province created through the API (they have no boundary), or
 * a unit the boundary files do not cover yet (a barangay new since them).
 */
function NoBoundary({ data, view }: { data: MapData; view: ReturnType<typeof useExplorerView>[0] }) {
  const { regions, province, town } = data;
  let name: string | undefined;
  const barangay = featureWithCode(town.data?.geojson, view.barangay);
  if (barangay) {
    // New since the boundary files (4Q 2024's Barangay 176-A of Caloocan) or missing from them.
    if (!barangay.geometry) name = barangay.properties.name;
  } else if (view.municity) {
    if (town.data && !town.data.geojson.features.some((f) => f.geometry)) name = town.data.data.name;
  } else if (view.province) {
    if (province.data && !province.data.geojson.features.some((f) => f.geometry)) name = province.data.data.name;
  } else if (view.region && regions.data) {
    const region = featureWithId(regions.data, view.region);
    if (region && !region.geometry) name = region.properties.name;
  }
  if (!name) return null;
  return (
    <p className="map-notice" role="status">
      <strong>No boundary yet.</strong> {name} has no boundary in the data, so the map cannot draw it.
    </p>
  );
}
