import type { FeatureCollection } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useEffectEvent } from 'react';
import { useMap } from '../../map/map-context.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { featureBelowHovered } from '../../state/ui-store.ts';
import type { StepPlace } from '../../ui/place-figures.ts';
import { useColumnFigures, useReport, useShading } from './derived.ts';
import { useDrawnPlaces } from './drawn-places.ts';
import { classIndexOf } from './figures.ts';
import { CLASS_STATE, classFill, YOUR_DATA, yourDataLayers } from './layers.ts';
import { figureText } from './numbers.ts';
import { drawnChanged, useTable } from './state.ts';
import { useCodeBook } from './use-code-book.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * A user's figures on the map, under the step's own units (whose fills give way, so their outlines, names and
 * selection stay on top): the places of the table's level at this step, each coloured by its class through
 * feature-state, so another column, method or palette restyles them without moving a polygon.
 */
export function YourDataLayers({ place }: { place: StepPlace }) {
  const map = useMap();
  const table = useTable();
  const level = useReport()?.level ?? undefined;
  const shown = !!table?.shown;
  // Read as soon as the table is joined, while its report is read: Show then draws what has already come.
  const book = useCodeBook(!!table);
  const places = useDrawnPlaces(level, place, book);
  const figures = useColumnFigures();
  const shading = useShading();
  const data = shown && figures && shading ? places : undefined;
  useGeoJsonSource(yourDataLayers, data ?? EMPTY);

  useEffect(() => {
    if (!data || !shading || !figures || !map.getSource(YOUR_DATA.source)) return;
    for (const feature of data.features) {
      const code = feature.properties.code;
      map.setFeatureState(
        { source: YOUR_DATA.source, id: code },
        { [CLASS_STATE]: classIndexOf(figures.valueOf.get(code), shading) },
      );
    }
    map.setPaintProperty(YOUR_DATA.fill, 'fill-color', classFill(shading.colours));
  }, [map, data, figures, shading]);

  useEffect(() => {
    drawnChanged(data ? { step: place.key, codes: data.features.map((f) => f.properties.code) } : null);
  }, [data, place.key]);

  const label = (code: string, name: string) => {
    const value = figures?.valueOf.get(code);
    const said =
      value === undefined
        ? 'not in your table'
        : value === null
          ? 'no figure in your table'
          : figureText(value, figures!.written);
    return `${name} · ${figures?.label}: ${said}`;
  };
  useBelowHover(label, !!data);
  return null;
}

/** Hovering a place names it with its figure; the tooltip says this rather than the step's unit above it. */
function useBelowHover(label: (code: string, name: string) => string, on: boolean) {
  const map = useMap();
  const describe = useEffectEvent(label);
  useEffect(() => {
    if (!on) return;
    let hovered: string | undefined;
    const clear = () => {
      if (hovered !== undefined && map.getSource(YOUR_DATA.source))
        map.setFeatureState({ source: YOUR_DATA.source, id: hovered }, { hover: false });
      hovered = undefined;
    };
    const move = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const code = feature?.properties.code;
      if (!feature || code === undefined) return;
      if (code !== hovered) {
        clear();
        hovered = String(code);
        map.setFeatureState({ source: YOUR_DATA.source, id: hovered }, { hover: true });
      }
      featureBelowHovered({
        name: describe(String(code), String(feature.properties.name)),
        x: event.point.x,
        y: event.point.y,
      });
    };
    const leave = () => {
      clear();
      featureBelowHovered(null);
    };
    map.on('mousemove', YOUR_DATA.fill, move);
    map.on('mouseleave', YOUR_DATA.fill, leave);
    return () => {
      map.off('mousemove', YOUR_DATA.fill, move);
      map.off('mouseleave', YOUR_DATA.fill, leave);
      leave();
    };
  }, [map, on]);
}
