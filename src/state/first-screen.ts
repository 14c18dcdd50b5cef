import { useEffect, useState } from 'react';

/**
 * Whether the first screen is drawn: the map's regions drawn and the map gone idle after them, or known never to
 * be (the map cannot start, the regions could not be read). Work the first screen does not need waits for it (the
 * built-in service's worker and the rest of the code list, src/service-start.ts), so that it neither downloads
 * nor runs while the regions are on their way, however long they take: it waited at most 10 s once, and on a
 * slow device (the CPU slowed 50×: the regions drawn at 22 s) msw's worker code and the code list came first.
 */
let shown: () => void = () => {};
export const firstScreenDrawn = new Promise<void>((resolve) => {
  shown = resolve;
});

/** The map has drawn the first screen (explorer-layers.tsx). */
export const firstScreenShown = () => shown();

/** The first screen will not be drawn (no map, or no regions to draw): what waits for it need wait no more. */
export const firstScreenGivenUp = () => shown();

/** Once the first screen is drawn (or will not be) and the main thread is next idle. */
export const afterFirstScreen = (): Promise<void> =>
  firstScreenDrawn.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in globalThis) requestIdleCallback(() => resolve(), { timeout: 3000 });
        else setTimeout(resolve, 500);
      }),
  );

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
