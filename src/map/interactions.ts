import type { FeatureCollection, Geometry } from 'geojson';
import type { FillLayerSpecification, MapGeoJSONFeature, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  featureHovered,
  levelFromLink,
  type MapClicks,
  mapClicked,
  mapClicksNow,
  zoomChanged,
} from '../state/ui-store.ts';
import { type Bounds, boundsOf } from './bounds.ts';
import { useMap } from './map-context.ts';
import { coveredBy, EXPLORER_PANEL, fitPadding, type MapLibreMap, type PanelSize } from './maplibre.ts';

/**
 * Hover highlight (feature-state, keyed by the promoted PSGC code), the hovered name for the tooltip, and
 * clicks, on one fill layer; the feature-state goes to the layer's own source. Every map.on is paired with
 * map.off in the same effect.
 */
export function useLayerInteractions(
  { id: layer, source }: FillLayerSpecification,
  onClick: (code: string) => void,
  label: (feature: MapGeoJSONFeature) => string = (f) => String(f.properties.name),
  /** The map's click mode the layer answers in (ui-store's mapClicks): the explorer's, or picking places. */
  clicks: MapClicks = 'explore',
) {
  const map = useMap();
  // The latest callbacks, read when an event comes: the listeners stay on while the callbacks change.
  const click = useEffectEvent(onClick);
  const describe = useEffectEvent(label);

  useEffect(() => {
    let hovered: string | number | undefined;
    const clear = () => {
      if (hovered !== undefined && map.getSource(source))
        map.setFeatureState({ source, id: hovered }, { hover: false });
      hovered = undefined;
    };
    const move = (event: MapLayerMouseEvent) => {
      // Over a popup on the map (what is here), nothing under it is named.
      if (event.originalEvent.target !== map.getCanvas()) return leave();
      const feature = event.features?.[0];
      if (!feature || feature.id === undefined) return;
      if (feature.id !== hovered) {
        clear();
        hovered = feature.id;
        map.setFeatureState({ source, id: hovered }, { hover: true });
      }
      map.getCanvas().style.cursor = 'pointer';
      featureHovered({ name: describe(feature), x: event.point.x, y: event.point.y });
    };
    const leave = () => {
      clear();
      map.getCanvas().style.cursor = '';
      featureHovered(null);
    };
    const onClickLayer = (event: MapLayerMouseEvent) => {
      mapClicked(event.point.x, event.point.y);
      if (mapClicksNow() !== clicks) return;
      const code = event.features?.[0]?.properties.code;
      if (code !== undefined) click(String(code));
    };
    map.on('mousemove', layer, move);
    map.on('mouseleave', layer, leave);
    map.on('click', layer, onClickLayer);
    return () => {
      map.off('mousemove', layer, move);
      map.off('mouseleave', layer, leave);
      map.off('click', layer, onClickLayer);
      leave();
    };
  }, [map, source, layer, clicks]);
}

/** Marks one feature of a source as selected while `code` is set. */
export function useSelectedFeature(source: string, code: string | undefined, ready: boolean) {
  const map = useMap();
  useEffect(() => {
    if (!code || !ready || !map.getSource(source)) return;
    map.setFeatureState({ source, id: code }, { selected: true });
    return () => {
      if (map.getSource(source)) map.setFeatureState({ source, id: code }, { selected: false });
    };
  }, [map, source, code, ready]);
}

/**
 * Fits the camera to a collection once per `key` (a selection), leaving the camera alone otherwise. Where
 * `saved` gives a camera (a link that holds one), the map jumps there instead, without waiting for the shapes.
 * Answers which key the camera was last placed for.
 */
export function useFitTo(
  shapes: Bounds | FeatureCollection<Geometry | null> | undefined,
  key: string,
  panel: PanelSize = EXPLORER_PANEL,
  saved: () => { center: [number, number]; zoom: number } | undefined = () => undefined,
) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const savedCamera = useEffectEvent(saved);
  useEffect(() => {
    if (fitted.current === key) return;
    const camera = savedCamera();
    if (camera) {
      fitted.current = key;
      map.jumpTo(camera);
      return;
    }
    const bounds = !shapes ? undefined : Array.isArray(shapes) ? shapes : boundsOf(shapes);
    if (!bounds) return;
    fitted.current = key;
    map.fitBounds(bounds, { padding: fitPadding(map.getContainer(), panel), maxZoom: 15, duration: 0 });
  }, [map, shapes, key, panel]);
  return fitted;
}

/** Reports the zoom so the detail level can follow it. */
export function useZoomTracking() {
  const map = useMap();
  useEffect(() => {
    const report = () => zoomChanged(map.getZoom());
    // A page opened from a link starts at the detail its camera will have (ui-store's linkedZoomLevel), not at the
    // country's, where the map is until that camera is placed.
    if (!levelFromLink()) report();
    map.on('zoomend', report);
    return () => {
      map.off('zoomend', report);
    };
  }, [map]);
}

/** Fades a fill layer while `faded` (the rest of the country behind a batch of regions). */
export function useFadedLayer(layer: string, faded: boolean) {
  const map = useMap();
  useEffect(() => {
    if (!faded || !map.getLayer(layer)) return;
    const before = map.getPaintProperty(layer, 'fill-opacity');
    map.setPaintProperty(layer, 'fill-opacity', 0.2);
    return () => {
      if (map.getLayer(layer)) map.setPaintProperty(layer, 'fill-opacity', before);
    };
  }, [map, layer, faded]);
}

/**
 * A fill that gives way to what is drawn under it while `on` (another feature's figures under the step's units):
 * clear, but for a faint tint under the pointer, so its outlines and names stay on top and its clicks and hovers
 * still answer. `drawn` changes when the layer is added (its data's first arrival).
 */
export function useFillGivesWay(layer: string | undefined, on: boolean, drawn: unknown) {
  const map = useMap();
  useEffect(() => {
    if (!on || !layer || !drawn || !map.getLayer(layer)) return;
    const before = map.getPaintProperty(layer, 'fill-opacity');
    map.setPaintProperty(layer, 'fill-opacity', ['case', ['boolean', ['feature-state', 'hover'], false], 0.2, 0]);
    return () => {
      if (map.getLayer(layer)) map.setPaintProperty(layer, 'fill-opacity', before);
    };
  }, [map, layer, on, drawn]);
}

/** What the map shows, [west, south, east, north], as of its last stop; undefined before it has one. */
export function useViewBounds(): Bounds | undefined {
  return useBoundsAtStop(viewBounds);
}

/** The same, less what the explorer's panel covers (its side, or a phone's bottom sheet): what is in sight. */
export function useSeenBounds(): Bounds | undefined {
  return useBoundsAtStop(seenBounds);
}

const viewBounds = (map: MapLibreMap): Bounds => {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
};

function seenBounds(map: MapLibreMap): Bounds {
  const container = map.getContainer();
  const covered = coveredBy(container);
  const [west, north] = map.unproject([covered.left, 0]).toArray();
  const [east, south] = map
    .unproject([container.clientWidth - covered.right, container.clientHeight - covered.bottom])
    .toArray();
  return [west, south, east, north];
}

function useBoundsAtStop(read: (map: MapLibreMap) => Bounds): Bounds | undefined {
  const map = useMap();
  const [bounds, setBounds] = useState<Bounds>();
  useEffect(() => {
    const report = () => setBounds(read(map));
    if (map.loaded()) report();
    map.on('moveend', report);
    map.on('load', report);
    return () => {
      map.off('moveend', report);
      map.off('load', report);
    };
  }, [map, read]);
  return bounds;
}

/** Hides a source's layers while `hidden`. */
export function useHiddenLayers(layers: string[], hidden: boolean) {
  const map = useMap();
  const ids = layers.join('\n');
  useEffect(() => {
    const present = ids.split('\n').filter((id) => map.getLayer(id));
    for (const id of present) map.setLayoutProperty(id, 'visibility', hidden ? 'none' : 'visible');
    return () => {
      for (const id of present) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', 'visible');
    };
  }, [map, ids, hidden]);
}

/**
 * Whether the map has drawn everything it had (fired `idle`) since `key` last changed while `ready`: what only
 * surrounds the view waits for this, so it never competes with the view's own polygons for the network, the
 * page's main thread or MapLibre's workers.
 */
export function useIdleAfter(key: string, ready: boolean): boolean {
  const map = useMap();
  const [idleKey, setIdleKey] = useState<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const done = () => setIdleKey(key);
    map.once('idle', done);
    return () => {
      map.off('idle', done);
    };
  }, [map, key, ready]);
  return ready && idleKey === key;
}
