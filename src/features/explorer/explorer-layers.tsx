import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { useZoomTracking } from '../../map/interactions.ts';
import { useAttribution } from '../../map/use-attribution.ts';
import { type StepPlace, usePlaceFigures } from '../../ui/place-figures.ts';
import { CompareOutlines } from './compare-outlines.tsx';
import { StepClicks } from './layer-clicks.ts';
import { useStepShapes } from './map-data.ts';
import { NoBarangayLand } from './no-barangay-land.tsx';
import { SavePictureButton } from './save-picture-button.tsx';
import { SearchedPlace } from './searched-place.tsx';
import { SplitTerritories } from './split-territories.tsx';
import { StepCamera } from './step-camera.tsx';
import { useStepPlace } from './step-place.ts';
import { StepSources } from './step-sources.tsx';
import { StepSurroundings } from './step-surroundings.tsx';
import { useChoropleth } from './use-choropleth.ts';
import { useStep } from './use-step.ts';

/**
 * What the explorer shows inside the map, all read from one step (use-step.ts): the step's polygons and the
 * places around it, the clicks that go a step down, the camera, and the searched place's marker. Each concern
 * is a component of its own, handed what it draws: nothing here depends on the order of another's hooks.
 * `below` is what another feature draws for the step under its units (a user's figures, which the app hands in;
 * while they are drawn, the step's fills give way to them and "Colour by" waits).
 */
export function ExplorerLayers({ below }: { below?: (place: StepPlace) => ReactNode }) {
  const { step, view, navigate } = useStep();
  const shapes = useStepShapes(step);
  const place = useStepPlace(step);
  const givesWay = !!usePlaceFigures()?.drawnAt(place.kind);
  const choropleth = useChoropleth(step, givesWay ? undefined : view.shade);
  return (
    <>
      <MapFrame />
      {below?.(place)}
      <StepSources step={step} shapes={shapes} choropleth={choropleth} givesWay={givesWay} />
      <NoBarangayLand detail={step.detail} />
      <SplitTerritories />
      {/* The step's own polygons first: the places around are asked for once the map has drawn them. */}
      <StepSurroundings step={step} shapes={shapes} />
      <StepClicks step={step} shapes={shapes} navigate={navigate} choropleth={choropleth} />
      <StepCamera step={step} shapes={shapes} />
      <SearchedPlace step={step} at={view.marker} />
      <SavePictureButton />
      <CompareOutlines places={view.compare ?? []} detail={step.detail} />
    </>
  );
}

/** The data's attribution in the map's control, and the zoom the detail level follows. */
function MapFrame() {
  const manifest = useQuery(datasetQueries.manifest());
  useAttribution(manifest.data?.attribution);
  useZoomTracking();
  return null;
}
