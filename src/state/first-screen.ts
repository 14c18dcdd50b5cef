import { useEffect, useState } from 'react';

/**
 * Whether the first screen is drawn: the map's regions drawn and the map gone idle after them. Work the first
 * screen does not need waits for it (the built-in service's worker, src/service-start.ts), so that it neither
 * downloads nor runs while the regions are on their way. Once the app's entry became a few kilobytes, the page's
 * load event and an idle moment came long before the regions, and the worker's code arrived first.
 */
let shown: () => void = () => {};
export const firstScreenDrawn = new Promise<void>((resolve) => {
  shown = resolve;
});

/** The map has drawn the first screen (explorer-layers.tsx). */
export const firstScreenShown = () => shown();

/**
 * Whether the first screen is drawn, as React state: a query of what the first screen does not need is
 * `enabled` by it (the land no barangay covers, the split barangays' old territories), so that neither its file
 * nor its layers' GL programs (the hatch's pattern and dashed edge, built the first time a layer draws) come
 * before the regions.
 */
export function useFirstScreenDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    firstScreenDrawn.then(() => live && setDrawn(true));
    return () => {
      live = false;
    };
  }, []);
  return drawn;
}
