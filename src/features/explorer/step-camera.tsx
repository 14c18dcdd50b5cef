import type { FeatureCollection, Geometry } from 'geojson';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { boundsOf } from '../../map/bounds.ts';
import { useFitTo } from '../../map/interactions.ts';
import { useMap } from '../../map/map-context.ts';
import { fitPadding } from '../../map/maplibre.ts';
import { useZoomAhead } from '../../state/ui-store.ts';
import { fitTarget } from './camera.ts';
import { linkedCamera, useCameraInLink } from './camera-link.ts';
import { featureWithId } from './lookup.ts';
import { loadedShapes, type StepShapes } from './map-data.ts';
import type { Step } from './step.ts';

/**
 * The camera: it fits each new step once (or goes where a link left it), and the link keeps where it is. A town
 * of the province opened on the map says ahead the zoom it will be fitted to.
 */
export function StepCamera({ step, shapes }: { step: Step; shapes: StepShapes }) {
  useTownZoomPrediction(shapes.province.data?.geojson, step.municity);
  // One collection while the step and its shapes stay: a new one each render ran useFitTo's effect each render.
  const { region, town, towns, barangays, batch } = loadedShapes(shapes);
  const target = useMemo(
    () => fitTarget(step, { region, town, towns, barangays, batch }),
    [step, region, town, towns, barangays, batch],
  );
  const placed = useFitTo(target.shapes, target.key, undefined, linkedCamera);
  useCameraInLink(placed, target.key);
  // Only a town step holds a barangay (step.ts, stepOf).
  useBarangayInView(step.barangay, barangays);
  return null;
}

/**
 * A barangay picked in the list (or on the map) is brought into view (the map did not move, the only
 * sign was a thin outline): the camera fits it when it is not wholly in view or is drawn smaller than an eighth
 * of the map. The barangay a link opens with keeps the link's camera; only a change moves it.
 */
function useBarangayInView(barangay: string | undefined, barangays: FeatureCollection<Geometry | null> | undefined) {
  const map = useMap();
  const shown = useRef(barangay);
  useEffect(() => {
    if (barangay === shown.current) return;
    if (!barangay) {
      shown.current = barangay;
      return;
    }
    const feature = barangays?.features.find((f) => (f.properties as { code?: string } | null)?.code === barangay);
    if (!barangays) return; // moved once they are here
    shown.current = barangay;
    const bounds = feature?.geometry && boundsOf({ type: 'FeatureCollection', features: [feature] });
    if (!bounds) return;
    const [west, south, east, north] = bounds;
    const view = map.getBounds();
    const inside = view.contains([west, south]) && view.contains([east, north]);
    const a = map.project([west, north]);
    const b = map.project([east, south]);
    const canvas = map.getContainer();
    const small =
      Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) < Math.min(canvas.clientWidth, canvas.clientHeight) / 8;
    if (inside && !small) return;
    map.fitBounds(bounds, { padding: fitPadding(canvas), maxZoom: 16, duration: 0 });
  }, [map, barangay, barangays]);
}

/** Opening a town of the province on the map: the camera will fit its outline, already drawn. */
function useTownZoomPrediction(
  towns: FeatureCollection<Geometry | null, { id: number | string }> | undefined,
  current: number | undefined,
) {
  const map = useMap();
  useZoomAhead(
    useCallback(
      (next: { municity?: number }) => {
        if (next.municity === undefined || next.municity === current) return undefined;
        const town = featureWithId(towns, next.municity);
        const bounds = town && boundsOf({ type: 'FeatureCollection', features: [town] });
        if (!bounds) return undefined;
        return map.cameraForBounds(bounds, { padding: fitPadding(map.getContainer()), maxZoom: 15 })?.zoom;
      },
      [map, towns, current],
    ),
  );
}
