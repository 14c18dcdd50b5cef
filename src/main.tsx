/**
 * The page's one entry, kept small on purpose. It starts the built-in service and the first screen's files
 * (service-start.ts), then the map (MapLibre, a chunk of its own, made before the app renders: src/map/first-map.ts),
 * and only then the app (React and the features) as a chunk of its own: the service's code and data arrive and are
 * read, and the map's style and workers start, while the app's chunk is still downloading and compiling.
 * When both came in one entry, the service's chunk and data waited for all of MapLibre to be parsed, and the
 * service's first answer then queued behind MapLibre's start-up on the main thread (WebGL set-up, first frames):
 * about 250 ms on the path to the first regions drawn.
 *
 * Nothing here reaches `window`: the browser tests' hooks are in their own entry (src/e2e-main.tsx), which only
 * `vite --mode e2e` and `vite build --mode e2e` serve (vite.config.ts).
 */
import { start } from './service-start.ts';

start();
