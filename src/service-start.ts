/**
 * The page's start, for its entry (src/main.tsx, or src/e2e-main.tsx in the browser tests): the configuration, made
 * once here, then the app's own /v1 service where it runs one, before the app's bundle, so the files the first
 * screen reads and the service's chunk are on their way while the app's code loads and renders; then the app,
 * handed both (src/app/boot.tsx), whose requests wait for the service's answers (src/api/client.ts).
 */
import type { SetupWorker } from 'msw/browser';
import type { BootOptions, BuiltInService } from './app/boot.tsx';
import { type AppConfig, loadConfig } from './config/config.ts';
import { fetchData } from './dataset/fetch-data.ts';
import { dataPaths } from './dataset/types.ts';
import { startFirstMap } from './map/first-map.ts';
import { afterFirstScreen } from './state/first-screen.ts';

/** What the browser tests' entry (src/e2e-main.tsx) hands the page's start; the page's own entry hands nothing. */
export interface StartOptions {
  /**
   * The app's requests go by the service's worker, where Playwright sees and shapes them (e2e/network.ts), rather
   * than being answered in the page; so the worker starts at once, since the first screen it would otherwise wait
   * for is drawn from those very requests. One setting for both halves: the app's alone left its first requests
   * waiting for a worker that waited for them, until FIRST_SCREEN_WAIT_MS gave up.
   */
  viaWorker?: boolean;
  /** Called with the worker before it starts (the browser tests' overrides: src/mocks/e2e-hook.ts). */
  beforeWorker?: (worker: SetupWorker) => void | Promise<void>;
  /** Hears of the map when it is made and when it goes (src/app/boot.tsx). */
  onMap?: BootOptions['onMap'];
}

/** What the first screen reads: the regions' records and their simple outlines (the rest of the code list later). */
const FIRST_SCREEN = [dataPaths.manifest, dataPaths.regionUnits, dataPaths.regions('simple')];

/**
 * A page opened below the country (a shared link to a province, a town or a barangay: `?province=`): its first
 * answers need the rest of the code list (units/index.json), which is then requested with the first screen's
 * files and read at once, not once the app has loaded and asked.
 */
const opensBelowCountry = () => new URLSearchParams(window.location.search).has('province');

export function startService(
  config: AppConfig,
  options: Pick<StartOptions, 'viaWorker' | 'beforeWorker'> = {},
): BuiltInService {
  const base = new URL(`${import.meta.env.BASE_URL}data/`, window.location.origin).toString();
  const below = opensBelowCountry();
  const early = new Map(
    [...FIRST_SCREEN, ...(below ? [dataPaths.unitsIndex] : [])].map((path) => [path, fetchData(new URL(path, base))]),
  );
  const service = import('./mocks/browser.ts').then(({ startBrowserService }) =>
    startBrowserService({
      keys: [config.defaultApiKey],
      base,
      early,
      // The service's worker answers other clients' requests (the app's own are answered in the page).
      workerFrom: options.viaWorker ? Promise.resolve() : afterFirstScreen(),
      restAtOnce: below,
      apiFlavour: config.apiFlavour,
      beforeWorker: options.beforeWorker,
    }),
  );
  const started = service.then((s) => s.started);
  started.catch(() => {}); // reported by src/app/boot.tsx
  const answer = service.then((s) => s.answer);
  answer.catch(() => {}); // each request says it
  return { answer, started };
}

/**
 * Starts the service (where the configuration says the app runs its own) and then asks for the app's chunk. The
 * browser tests' entry passes its hooks; the page's own entry passes nothing.
 */
export function start({ viaWorker, beforeWorker, onMap }: StartOptions = {}): BuiltInService | undefined {
  const config = loadConfig(import.meta.env, window.location.origin, window.kapuluanConfig);
  const service = config.builtInService ? startService(config, { viaWorker, beforeWorker }) : undefined;
  // The map next, as soon as MapLibre's chunk is here: its style and workers start while the app's code loads.
  const firstMap = startFirstMap(config.basemapStyleUrl);
  import('./app/boot.tsx').then(
    ({ boot }) => boot({ config, service, viaWorker, firstMap, onMap }),
    (error: unknown) => {
      console.error('[kapuluan] the app could not load', error);
      const root = document.getElementById('root');
      if (root) root.textContent = 'Kapuluan could not load. Check the connection and reload the page.';
    },
  );
  return service;
}
