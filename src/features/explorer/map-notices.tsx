import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/client.ts';
import { datasetQueries } from '../../api/dataset.ts';
import { useDownloads } from '../../api/downloads.ts';
import { splitText } from '../../contract/split-text.ts';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { featureWithCode } from './lookup.ts';
import { type MapData, useMapData } from './map-data.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';
import { useStep } from './use-step.ts';
import './map-notices.css';

/**
 * What the map cannot show by itself: boundaries still arriving (with the bytes so far), boundaries that failed
 * (with a retry, or the key prompt for a 401), and a selection with no boundary at all.
 */
export function MapNotices() {
  const { step } = useStep();
  const data = useMapData(step);
  return (
    <>
      <Downloads />
      {/* The panel reports a failed town itself, and a province that is not there; these are the layers only the
          map shows. */}
      <MapError
        failed={[
          [data.regions, 'Region boundaries'],
          [data.province, 'City and municipality boundaries', isNotFound],
          [data.batch, 'The regions drawn together'],
        ]}
      />
      <NoBoundary data={data} step={step} />
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

/** The first layer that failed, but for a failure the panel says itself (`saidInPanel`). */
function MapError({
  failed,
}: {
  failed: [UseQueryResult<unknown>, string, saidInPanel?: (error: Error | null) => boolean][];
}) {
  const [query, what] = failed.find(([q, , saidInPanel]) => q.isError && !saidInPanel?.(q.error)) ?? [];
  if (!query?.error || !what) return null;
  return <ErrorNotice className="status" error={query.error} what={what} onRetry={() => void query.refetch()} />;
}

/**
 * A selection with nothing to draw: a region or province created through the API (they have no boundary), or
 * a unit the boundary files do not cover yet (a barangay new since them).
 */
function NoBoundary({ data, step }: { data: MapData; step: Step }) {
  const barangay = featureWithCode(data.town.data?.geojson, step.barangay);
  const name = barangay
    ? // New since the boundary files (4Q 2024's Barangay 176-A of Caloocan) or missing from them.
      !barangay.geometry && barangay.properties.name
    : unboundedStep(step, data);
  // A part of a split barangay (Caloocan's 176-C) lies in the old territory the map draws.
  // Read only for a chosen barangay: on the first screen it waits for the map (split-territories.tsx).
  const split = useQuery(datasetQueries.splitOf(step.barangay)).data;
  if (!name) return null;
  if (split) {
    return (
      <p className="map-notice" role="status">
        <strong>No boundary of its own yet.</strong> {name} lies in the hatched territory of {split.name}, which was{' '}
        {splitText(split.name, split)}.
      </p>
    );
  }
  return (
    <p className="map-notice" role="status">
      <strong>No boundary yet.</strong> {name} has no boundary in the data, so the map cannot draw it.
    </p>
  );
}

/** The step's own place, by name, where it has no boundary at all (its spec says which answer holds it). */
const unboundedStep = (step: Step, { regionFeature, province, town }: MapData): string | undefined =>
  specOf(step).unbounded({ regionFeature, province: province.data, town: town.data });
