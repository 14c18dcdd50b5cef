import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, setLocalAnswer, waitForService } from '../api/client.ts';
import { type LocalMatcher, setLocalMatcher } from '../api/geocode.ts';
import type { AppConfig } from '../config/config.ts';
import { ConfigContext } from '../config/config-context.ts';
import type { LocalAnswer } from '../contract/types.ts';
import type { FirstMap } from '../map/first-map.ts';
import type { MapLibreMap } from '../map/maplibre.ts';
// The app's frame first: the features' sheets, imported by their components, come after it and may refine it.
import './app.css';
import { App } from './app.tsx';

/** The built-in service on its way, as the page's entry started it (src/service-start.ts). */
export interface BuiltInService {
  /** The service's answers in the page, once its code is loaded. */
  answer: Promise<LocalAnswer>;
  /** The service once its worker is in control, with its address matcher (Web Workers). */
  started: Promise<{ matcher: LocalMatcher }>;
}

/** What the page's entry hands the app: everything it needs, passed rather than read from globals. */
export interface BootOptions {
  config: AppConfig;
  /** The built-in service, where the entry started one (config.builtInService). */
  service?: BuiltInService;
  /**
   * The app's requests go by the service's worker, where Playwright sees them, rather than being answered in the
   * page (the browser tests that watch them: src/e2e-main.tsx).
   */
  viaWorker?: boolean;
  /** The map the entry started before the app's code was here, which the app's map view takes. */
  firstMap?: FirstMap;
  /** Hears of the map when it is made and when it goes (the browser tests' entry hands it to the tests). */
  onMap?: (map: MapLibreMap | null) => void;
}

/** Renders the app, its requests answered by the built-in service where the entry started one. */
export function boot({ config, service, viaWorker = false, firstMap, onMap }: BootOptions) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  configureApi(config);
  if (service) {
    // Requests wait for the service's code, and the app renders meanwhile: the map's canvas and style are made
    // while the service's chunk arrives. They are answered in the page as soon as that code is here.
    waitForService(viaWorker ? service.started : service.answer.then(setLocalAnswer));
    // A file's rows go to its workers, once it has started.
    const matcher = service.started.then(({ matcher }) => matcher);
    setLocalMatcher(matcher);
    matcher.catch((error) => console.error('[kapuluan] the built-in service could not start', error));
  }
  createRoot(root).render(
    <StrictMode>
      <ConfigContext value={config}>
        <App firstMap={firstMap} onMap={onMap} />
      </ConfigContext>
    </StrictMode>,
  );
}
