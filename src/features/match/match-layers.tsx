import { useQueries, useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { barangayQueries } from '../../api/barangays.ts';
import { provinceQueries, type TownCollection } from '../../api/provinces.ts';
import type { Bounds } from '../../map/bounds.ts';
import { useFadedLayer, useFitTo, useSelectedFeature } from '../../map/interactions.ts';
import type { SourceLayers } from '../../map/layers.ts';
import { useMap } from '../../map/map-context.ts';
import { fitPadding, WIDE_PANEL } from '../../map/maplibre.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import {
  rowSelected,
  useCountsShown,
  useJob,
  usePhase,
  useResultsVersion,
  useRowIndex,
  useSelectedRow,
} from './job-state.ts';
import {
  LAYER,
  matchChosenLayers,
  matchCountLayers,
  matchPlaceLayers,
  matchPointLayers,
  matchWarmupStages,
  SOURCE,
} from './layers.ts';
import { chosenPoint, MatchLegend } from './match-legend.tsx';
import { type IndexedPlace, pointGroups, type RowIndex } from './row-index.ts';

const EMPTY: FeatureCollection<Geometry | null> = { type: 'FeatureCollection', features: [] };

/** The points MapLibre draws, and their bounds for the camera. */
interface PointsFile {
  collection: FeatureCollection<Point, { code: string; status: string; rows: number }>;
  bounds: Bounds;
  /** The point (its `code`) row `row` is drawn in, if any. */
  pointOf: (row: number) => string | undefined;
}

const SLICE = 10_000;

/**
 * A point per place and status (rows at the same place with the same status are one point, named by its first
 * row, with how many rows it stands for), with as little in each as MapLibre needs (it copies them to its
 * worker; a Blob URL instead makes it send the whole collection back).
 */
function pointsOf(index: RowIndex): PointsFile | undefined {
  const { groups, groupOf } = pointGroups(index);
  if (!groups.length) return undefined;
  const b: Bounds = [180, 90, -180, -90];
  const features = groups.map((g) => {
    const { lng, lat } = g.place;
    b[0] = Math.min(b[0], lng);
    b[1] = Math.min(b[1], lat);
    b[2] = Math.max(b[2], lng);
    b[3] = Math.max(b[3], lat);
    return {
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      properties: { code: String(g.firstRow), status: g.status, rows: g.rows },
    };
  });
  return {
    collection: { type: 'FeatureCollection', features },
    bounds: b,
    pointOf: (row) => {
      const g = groupOf(row);
      return g < 0 ? undefined : String(groups[g].firstRow);
    },
  };
}

/** The points of the job's rows once matching has stopped, rewritten when the results change. */
function usePoints(): PointsFile | undefined {
  const index = useRowIndex();
  const version = useResultsVersion();
  // Drawn once matching has stopped: sent after each batch, the points would be rewritten a thousand times.
  const matching = usePhase().kind === 'matching';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  return useMemo(() => (matching || !index ? undefined : pointsOf(index)), [index, version, matching]);
}

/**
 * The matched file on the map: points by status (clustered when zoomed out), the chosen row, counts per place.
 * `fadedLayer` is faded under them (the explorer's regions, whose id the app passes).
 */
export function MatchLayers({ fadedLayer }: { fadedLayer: string }) {
  const job = useJob();
  const index = useRowIndex();
  const version = useResultsVersion();
  const selected = useSelectedRow();
  const counts = useCountsShown();
  const points = usePoints();
  // Fitted once the file is matched: a point from each row, not only the first batch's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  const complete = useMemo(() => !!index && index.counts().pending === 0, [index, version]);

  useFadedLayer(fadedLayer, true);
  /** Which of matchWarmupStages is drawn, one after the other; none once all are. */
  const [warming, setWarming] = useState(0);
  useGeoJsonSource(matchPointLayers, EMPTY, { always: true }); // filled by usePointsOnMap
  usePointsOnMap(points);
  useFitTo(
    complete ? points?.bounds : undefined,
    `match-${job?.id}-${complete && points ? 'points' : 'none'}`,
    WIDE_PANEL,
  );
  useSelectedFeature(SOURCE.matchPoints, selected === null ? undefined : points?.pointOf(selected), true);
  usePointClicks();

  const place = selected === null ? null : (index?.placeOf(selected) ?? null);
  const status = selected === null || !index ? undefined : index.isFixed(selected) ? 'fixed' : index.statusOf(selected);
  const chosen = useMemo(() => chosenPoint(selected, place, status), [selected, place, status]);
  useGeoJsonSource(matchChosenLayers, chosen);
  useSelectedFeature(SOURCE.matchChosen, chosen.features[0]?.properties.code, true);
  useGeoJsonSource(matchPlaceLayers, usePlaceShape(place) ?? EMPTY);
  useFlyTo(place);

  const shaded = useCountShapes(index, counts, version);
  useGeoJsonSource(matchCountLayers, shaded.collection ?? EMPTY);

  const built = useCallback(() => setWarming((stage) => stage + 1), []);
  return (
    <>
      {warming < matchWarmupStages.length && (
        <ProgramWarmup key={warming} layers={matchWarmupStages[warming]} onDrawn={built} />
      )}
      <MatchLegend counts={counts} shaded={shaded} points={!!points} />
    </>
  );
}

/** What a point is drawn as: where, and with which status. */
const drawnAs = (f: PointsFile['collection']['features'][number]) =>
  `${f.properties.status} ${f.properties.rows} ${f.geometry.coordinates.join(',')}`;

/**
 * Hands the points to MapLibre a slice at a time (updateData, each awaited): given at once, MapLibre copies all
 * 100,000 to its worker in one task of several hundred milliseconds on the page's main thread. When the same rows
 * have points and only some changed (a fix moves a point and recolours it), only those are sent.
 */
function usePointsOnMap(points: PointsFile | undefined) {
  const map = useMap();
  /** Each point on the map, by row, with where and how it is drawn. */
  const shown = useRef(new Map<string, string>());
  useEffect(() => {
    const source = map.getSource<GeoJSONSource>(SOURCE.matchPoints);
    if (!source) return;
    let stop = false;
    const features = points?.collection.features ?? [];
    const drawn = shown.current;
    void (async () => {
      if (features.length === drawn.size && features.every((f) => drawn.has(f.properties.code))) {
        const changed = features.filter((f) => drawn.get(f.properties.code) !== drawnAs(f));
        if (!changed.length) return;
        for (const f of changed) drawn.set(f.properties.code, drawnAs(f));
        await source.updateData({
          update: changed.map((f) => ({
            id: f.properties.code,
            newGeometry: f.geometry,
            addOrUpdateProperties: [
              { key: 'status', value: f.properties.status },
              { key: 'rows', value: f.properties.rows },
            ],
          })),
        });
        return;
      }
      const first = drawn.size === 0;
      drawn.clear();
      // The first time points are drawn, the GPU builds a program for each of the three layers and the counts'
      // glyphs are drawn: in one frame that is a task of 250 ms under a software renderer. The layers are shown
      // one per drawn frame instead: clusters, then their counts, then single points.
      const later = first ? [LAYER.matchClusterCount, LAYER.matchPoints] : [];
      for (const id of later) map.setLayoutProperty(id, 'visibility', 'none');
      await source.setData(EMPTY as FeatureCollection);
      for (let start = 0; start < features.length && !stop; start += SLICE) {
        const slice = features.slice(start, start + SLICE);
        for (const f of slice) drawn.set(f.properties.code, drawnAs(f));
        await source.updateData({ add: slice });
      }
      for (const id of later) {
        if (!stop) await new Promise((resolve) => map.once('idle', resolve));
        if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', 'visible');
      }
    })();
    return () => {
      stop = true;
    };
  }, [map, points]);
}

/**
 * One invisible point drawn with one stage of the warm-up layers when "Match a file" opens, and removed (unmounted)
 * once the map has drawn it: matchWarmupStages says why.
 */
function ProgramWarmup({ layers, onDrawn }: { layers: SourceLayers; onDrawn: () => void }) {
  const map = useMap();
  const point = useMemo(
    (): FeatureCollection<Point> => ({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { status: 'matched', rows: 1 },
          geometry: { type: 'Point', coordinates: map.getCenter().toArray() },
        },
      ],
    }),
    [map],
  );
  useGeoJsonSource(layers, point);
  useEffect(() => {
    map.once('idle', onDrawn);
    return () => {
      map.off('idle', onDrawn);
    };
  }, [map, onDrawn]);
  return null;
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
function useFlyTo(place: IndexedPlace | null) {
  const map = useMap();
  const lng = place?.lng;
  const lat = place?.lat;
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

/** The outline of the chosen row's barangay (found by its code) or town (from its province's towns). */
function usePlaceShape(m: IndexedPlace | null): FeatureCollection<Geometry | null> | undefined {
  const barangay = m?.barangay?.code;
  const town = useQuery(
    barangayQueries.outlines(barangay && m?.municity_id ? [{ code: barangay, town: m.municity_id }] : [], 'medium'),
  );
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
function useCountShapes(index: RowIndex | null, counts: 'none' | 'province' | 'town', version: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  const tally = useMemo(() => {
    const byProvince = new Map<string, number>();
    const byTown = new Map<number, number>();
    if (counts === 'none' || !index) return { byProvince, byTown };
    // Rows per place first (a few thousand places), then per province and town.
    const perPlace = new Int32Array(index.places.length);
    for (let row = 0; row < index.rows; row++) if (index.place[row] >= 0) perPlace[index.place[row]]++;
    index.places.forEach((m, id) => {
      if (!m.province_id || !perPlace[id]) return;
      byProvince.set(m.province_id, (byProvince.get(m.province_id) ?? 0) + perPlace[id]);
      if (m.municity_id !== null) byTown.set(m.municity_id, (byTown.get(m.municity_id) ?? 0) + perPlace[id]);
    });
    return { byProvince, byTown };
  }, [index, version, counts]);
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
