import { useQueries, useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries, type TownCollection } from '../../api/provinces.ts';
import type { Bounds } from '../../map/bounds.ts';
import { useFadedLayer, useFitTo, useSelectedFeature } from '../../map/interactions.ts';
import {
  LAYER,
  MATCH_COLOURS,
  matchCountLayers,
  matchPlaceLayers,
  matchPointLayers,
  SOURCE,
} from '../../map/layers.ts';
import { useMap } from '../../map/map-context.ts';
import { fitPadding, WIDE_PANEL } from '../../map/maplibre.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { rowSelected, useCountsShown, useJob, useResultsVersion, useSelectedRow } from './job-state.ts';
import type { RowOutcome } from './types.ts';

type Points = FeatureCollection<Point, { code: string; status: string }>;
const EMPTY: FeatureCollection<Geometry | null> = { type: 'FeatureCollection', features: [] };

/** Every row with a place as a point, keyed by its row number; rows without one have nothing to draw. */
function pointsOf(results: readonly (RowOutcome | null)[]): Points {
  const features: Points['features'] = [];
  results.forEach((r, row) => {
    if (!r?.match) return;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.match.lng, r.match.lat] },
      properties: { code: String(row), status: r.fixed ? 'fixed' : r.status },
    });
  });
  return { type: 'FeatureCollection', features };
}

function boundsOfPoints(points: Points): Bounds | undefined {
  if (!points.features.length) return undefined;
  const b: Bounds = [180, 90, -180, -90];
  for (const { geometry } of points.features) {
    const [x, y] = geometry.coordinates;
    b[0] = Math.min(b[0], x);
    b[1] = Math.min(b[1], y);
    b[2] = Math.max(b[2], x);
    b[3] = Math.max(b[3], y);
  }
  return b;
}

/** The matched file on the map: points by status (clustered when zoomed out), the chosen row, counts per place. */
export function MatchLayers() {
  const job = useJob();
  const version = useResultsVersion();
  const selected = useSelectedRow();
  const counts = useCountsShown();
  // biome-ignore lint/correctness/useExhaustiveDependencies: results change in place; `version` says when
  const points = useMemo(() => pointsOf(job?.results ?? []), [job, version]);
  // Fitted once the file is matched: a point from each row, not only the first batch's.
  const complete = job?.results.every(Boolean) ?? false;
  const bounds = useMemo(() => (complete ? boundsOfPoints(points) : undefined), [points, complete]);

  useFadedLayer(LAYER.regionsFill, true);
  useGeoJsonSource(matchPointLayers, points);
  useFitTo(bounds, `match-${job?.id}-${bounds ? 'points' : 'none'}`, WIDE_PANEL);
  useSelectedFeature(SOURCE.matchPoints, selected === null ? undefined : String(selected), true);
  usePointClicks();

  const outcome = selected === null ? null : (job?.results[selected] ?? null);
  useGeoJsonSource(matchPlaceLayers, usePlaceShape(outcome) ?? EMPTY);
  useFlyTo(outcome);

  const shaded = useCountShapes(job?.results ?? [], counts, version);
  useGeoJsonSource(matchCountLayers, shaded.collection ?? EMPTY);

  return counts !== 'none' && shaded.max > 0 ? (
    <div className="match-legend" role="img" aria-label={`Darker places hold more rows, up to ${shaded.max}`}>
      <span>Rows per {counts === 'province' ? 'province' : 'city or municipality'}</span>
      <span className="match-legend-ramp" />
      <span>1 – {shaded.max.toLocaleString('en')}</span>
      {shaded.loading && <span> (loading shapes…)</span>}
    </div>
  ) : points.features.length === 0 ? null : (
    <div className="match-legend" aria-hidden="true">
      {(['matched', 'ambiguous', 'fixed'] as const).map((status) => (
        <span key={status}>
          <span className="match-dot" style={{ background: MATCH_COLOURS[status] }} /> {status}
        </span>
      ))}
    </div>
  );
}

/** A click on a point chooses its row; on a cluster, zooms in until it splits. */
function usePointClicks() {
  const map = useMap();
  useEffect(() => {
    const onPoint = (event: MapLayerMouseEvent) => {
      const code = event.features?.[0]?.properties.code;
      if (code !== undefined) rowSelected(Number(code));
    };
    const onCluster = async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const source = map.getSource<GeoJSONSource>(SOURCE.matchPoints);
      if (!feature || !source || feature.geometry.type !== 'Point') return;
      const zoom = await source.getClusterExpansionZoom(feature.properties.cluster_id);
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', LAYER.matchPoints, onPoint);
    map.on('click', LAYER.matchClusters, onCluster);
    for (const layer of [LAYER.matchPoints, LAYER.matchClusters]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      map.off('click', LAYER.matchPoints, onPoint);
      map.off('click', LAYER.matchClusters, onCluster);
      for (const layer of [LAYER.matchPoints, LAYER.matchClusters]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
    };
  }, [map]);
}

/** The camera goes to the chosen row's point, closer in if it is far out. */
function useFlyTo(outcome: RowOutcome | null) {
  const map = useMap();
  const lng = outcome?.match?.lng;
  const lat = outcome?.match?.lat;
  useEffect(() => {
    if (lng === undefined || lat === undefined) return;
    // Centred in the part of the map the panel leaves free.
    map.easeTo({
      center: [lng, lat],
      zoom: Math.max(map.getZoom(), 12),
      padding: fitPadding(map.getContainer(), WIDE_PANEL),
      duration: 0,
    });
  }, [map, lng, lat]);
}

/** The outline of the chosen row's barangay (from its town's barangays) or town (from its province's towns). */
function usePlaceShape(outcome: RowOutcome | null): FeatureCollection<Geometry | null> | undefined {
  const m = outcome?.match;
  const barangay = m?.barangay?.code;
  const town = useQuery({
    ...municityQueries.detail(barangay ? (m?.municity_id ?? undefined) : undefined, 'medium'),
    select: (envelope) => envelope.geojson,
  });
  const province = useQuery({
    ...provinceQueries.detail(!barangay && m?.city_municipality ? (m.province_id ?? undefined) : undefined, 'medium'),
    select: (envelope) => envelope.geojson,
  });
  return useMemo(() => {
    const code = barangay ?? m?.city_municipality?.code;
    const collection = barangay ? town.data : province.data;
    if (!code || !collection) return undefined;
    return { type: 'FeatureCollection', features: collection.features.filter((f) => f.properties.code === code) };
  }, [barangay, m, town.data, province.data]);
}

/**
 * The towns of every province the file's rows are in, each with how many rows fall in it (or in its province):
 * the choropleth. The shapes are the explorer's own (simple detail), so they are cached for it.
 */
function useCountShapes(
  results: readonly (RowOutcome | null)[],
  counts: 'none' | 'province' | 'town',
  version: number,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: results change in place; `version` says when
  const tally = useMemo(() => {
    const byProvince = new Map<string, number>();
    const byTown = new Map<number, number>();
    for (const r of results) {
      const m = r?.match;
      if (!m?.province_id) continue;
      byProvince.set(m.province_id, (byProvince.get(m.province_id) ?? 0) + 1);
      if (m.municity_id !== null) byTown.set(m.municity_id, (byTown.get(m.municity_id) ?? 0) + 1);
    }
    return { byProvince, byTown };
  }, [results, version]);
  const ids = counts === 'none' ? [] : [...tally.byProvince.keys()].sort();
  const shapes = useQueries({
    queries: ids.map((id) => ({ ...provinceQueries.detail(id, 'simple'), placeholderData: undefined })),
    combine: (answers) => ({
      towns: answers.map((a, i) => ({ id: ids[i], towns: a.data?.geojson })),
      loading: answers.some((a) => a.isPending),
    }),
  });
  return useMemo(() => {
    if (counts === 'none') return { collection: undefined, max: 0, loading: false };
    const features: Feature<Geometry | null, { code: string; count: number; share: number }>[] = [];
    let max = 0;
    const seen = new Set<string>();
    for (const { id, towns } of shapes.towns) {
      for (const town of (towns as TownCollection | undefined)?.features ?? []) {
        if (seen.has(town.properties.code)) continue;
        seen.add(town.properties.code);
        const count =
          counts === 'province' ? (tally.byProvince.get(id) ?? 0) : (tally.byTown.get(town.properties.id) ?? 0);
        max = Math.max(max, count);
        features.push({
          type: 'Feature',
          geometry: town.geometry,
          properties: { code: town.properties.code, count, share: 0 },
        });
      }
    }
    for (const f of features) f.properties.share = max ? Math.sqrt(f.properties.count / max) : 0;
    return { collection: { type: 'FeatureCollection' as const, features }, max, loading: shapes.loading };
  }, [counts, shapes, tally]);
}
