/**
 * The floor pages of `npm run bench:ui` (scripts/bench-ui.ts): MapLibre as the app makes it (src/map/maplibre.ts:
 * same bootstrap, style and controls) and nothing else.
 *   ?draw=none      the bare map: background only
 *   ?draw=regions   the regions straight from the built file the app's first screen draws (geo/simple/regions.json)
 *   ?draw=towns&province=<code>   a province's towns from their file; then window.addBarangays(town, detail) adds
 *                   a town's barangay file, as the app does on a click, and resolves when they are drawn;
 *                   window.addAreaBarangays(area, count) adds every barangay of the province-level area from its
 *                   one file (geo/medium/area-barangays), and window.addTownFiles(towns, count) the same barangays
 *                   from the towns' own files fetched together, each resolving once `count` barangays are drawn
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { LngLatBoundsLike } from 'maplibre-gl';
import { LAYER, SOURCE } from '../../src/features/explorer/layer-ids.ts';
import {
  barangaysFill,
  barangaysLine,
  regionsFill,
  regionsLine,
  townsFill,
  townsLine,
} from '../../src/features/explorer/layers.ts';
import { createMap } from '../../src/map/maplibre.ts';

const params = new URLSearchParams(location.search);
// The app's data, where the app is served (this page is built under /__floor/).
const data = (path: string) => `/data/${path}`;
const map = createMap(document.getElementById('map') as HTMLElement);
(window as unknown as { kapuluanMap: typeof map }).kapuluanMap = map;

/** The box around a town of the collection, or around all of them (no code). */
const boundsOf = (collection: FeatureCollection, code?: string): LngLatBoundsLike => {
  let [w, s, e, n] = [180, 90, -180, -90];
  const features = collection.features.filter((f) => code === undefined || f.properties?.code === code);
  if (!features.length) throw new Error(`no town ${code} in the file`);
  for (const { geometry } of features) {
    const polygons =
      geometry.type === 'Polygon' ? [(geometry as Polygon).coordinates] : (geometry as MultiPolygon).coordinates;
    for (const polygon of polygons)
      for (const [x, y] of polygon[0]) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  }
  return [w, s, e, n];
};

map.on('load', async () => {
  const draw = params.get('draw') ?? 'none';
  if (draw === 'regions') {
    map.addSource(SOURCE.regions, { type: 'geojson', data: data('geo/simple/regions.json'), promoteId: 'code' });
    map.addLayer(regionsFill);
    map.addLayer(regionsLine);
  }
  if (draw === 'towns') {
    const province = params.get('province') ?? '';
    const towns = (await (await fetch(data(`geo/simple/municities/${province}.json`))).json()) as FeatureCollection;
    map.addSource(SOURCE.towns, { type: 'geojson', data: towns, promoteId: 'code' });
    map.addLayer(townsFill);
    map.addLayer(townsLine);
    /** Adds barangays as one source and resolves once MapLibre has drawn `count` of them (distinct codes). */
    const drawBarangays = (data: string | FeatureCollection, count: number) =>
      new Promise<void>((resolve) => {
        // The province in view, as the app's camera fits it.
        map.jumpTo(map.cameraForBounds(boundsOf(towns), { padding: 40 }) ?? {});
        map.addSource(SOURCE.barangays, { type: 'geojson', data, promoteId: 'code' });
        map.addLayer(barangaysFill);
        map.addLayer(barangaysLine);
        const check = () => {
          const drawn = new Set(map.queryRenderedFeatures({ layers: [LAYER.barangaysFill] }).map((f) => f.id));
          if (drawn.size >= count) resolve();
          else map.once('render', check);
        };
        check();
      });
    Object.assign(window, {
      addAreaBarangays: (area: string, count: number) =>
        drawBarangays(data(`geo/medium/area-barangays/${area}.json`), count),
      addTownFiles: async (towns: string[], count: number) => {
        const files = await Promise.all(
          towns.map(
            async (town) =>
              (await (await fetch(data(`geo/medium/barangays/${town}.json`))).json()) as FeatureCollection,
          ),
        );
        await drawBarangays({ type: 'FeatureCollection', features: files.flatMap((f) => f.features) }, count);
      },
      /** Flies nowhere: jumps to the town, adds its barangays and resolves once MapLibre has drawn ten of them. */
      addBarangays: (town: string, detail: string) =>
        new Promise<void>((resolve) => {
          map.jumpTo(map.cameraForBounds(boundsOf(towns, town), { padding: 40 }) ?? {});
          map.addSource(SOURCE.barangays, {
            type: 'geojson',
            data: data(`geo/${detail}/barangays/${town}.json`),
            promoteId: 'code',
          });
          map.addLayer(barangaysFill);
          map.addLayer(barangaysLine);
          const check = () => {
            if (map.queryRenderedFeatures({ layers: [LAYER.barangaysFill] }).length >= 10) resolve();
            else map.once('render', check);
          };
          check();
        }),
    });
  }
});
