import { useMemo } from 'react';
import { useZoomLevel } from '../../state/ui-store.ts';
import { type Step, stepOf } from './step.ts';
import { parseView, serializeView, useExplorerView } from './view.ts';

/**
 * The step the URL shows, the view it came from (with the marker and the shade, which stay from step to step),
 * and a navigate that writes the next view into the URL. The step keeps its identity while the URL's selection
 * and the detail stay the same (the camera written into the link is no new step).
 */
export function useStep() {
  const [view, navigate] = useExplorerView();
  const zoomLevel = useZoomLevel();
  const { level } = view;
  // The places chosen (every kind's), the batch and the level: what stays from step to step is left out.
  const selection = serializeView({ ...view, marker: undefined, shade: undefined, compare: undefined });
  // The zoom matters only where the link fixes no detail: a zoom across levels under `level=` is no new step.
  const detail = level ?? zoomLevel;
  const step: Step = useMemo(() => stepOf(parseView(selection), detail), [selection, detail]);
  return { step, view, navigate };
}
