import type { FeatureCollection, Point } from 'geojson';
import type { useCountsShown } from './job-state.ts';
import { MATCH_COLOURS } from './layers.ts';
import type { IndexedPlace } from './row-index.ts';
import './match-legend.css';

/** What the map's colours mean: the counts' ramp, or the points' statuses. */
export function MatchLegend({
  counts,
  shaded,
  points,
}: {
  counts: ReturnType<typeof useCountsShown>;
  /** The counts' choropleth: its largest count, and whether shapes are still loading (match-layers.tsx). */
  shaded: { max: number; loading: boolean };
  points: boolean;
}) {
  return counts !== 'none' && shaded.max > 0 ? (
    <div className="match-legend" role="img" aria-label={`Darker places hold more rows, up to ${shaded.max}`}>
      <span>Rows per {counts === 'province' ? 'province' : 'city or municipality'}</span>
      <span className="match-legend-ramp" />
      <span>1 – {shaded.max.toLocaleString('en')}</span>
      {shaded.loading && <span> (loading shapes…)</span>}
    </div>
  ) : !points ? null : (
    <div className="match-legend" aria-hidden="true">
      {(['matched', 'ambiguous', 'fixed'] as const).map((status) => (
        <span key={status}>
          <span className="match-dot" style={{ background: MATCH_COLOURS[status] }} /> {status}
        </span>
      ))}
      {/* The clusters' colours between the two: matchClusters interpolates by the share of ambiguous rows. */}
      <span>
        <span
          className="match-dot match-dot-mixed"
          style={{ background: `linear-gradient(90deg, ${MATCH_COLOURS.matched}, ${MATCH_COLOURS.ambiguous})` }}
        />{' '}
        groups: the more ambiguous rows, the more orange (30% and up)
      </span>
    </div>
  );
}

/** The chosen row's point, where it has a place, with its status; nothing otherwise. */
export function chosenPoint(
  row: number | null,
  place: IndexedPlace | null,
  status: string | null | undefined,
): FeatureCollection<Point, { code: string; status: string; rows: number }> {
  if (row === null || !place || !status) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
        properties: { code: String(row), status, rows: 1 },
      },
    ],
  };
}
