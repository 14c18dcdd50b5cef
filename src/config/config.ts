/**
 * The app's configuration: what it was built with (Vite's environment variables), under what the page is given at
 * run time (`config.js` beside index.html sets `window.kapuluanConfig`), so one build serves any deployment:
 *
 *   build time              run time (config.js)   what it sets
 *   VITE_API_BASE_URL       apiBaseUrl             the /v1 service's base address; empty = the built-in service
 *   VITE_API_KEY            apiKey                 the key sent as Authorization: Bearer (default: the development key)
 *   VITE_BASEMAP_STYLE_URL  basemapStyleUrl        opt-in remote basemap style; empty = the self-contained offline style
 *   VITE_API_FLAVOUR        apiFlavour             `live`: the built-in service answers as the live service's documents
 *
 * A setting config.js gives, even empty, wins over the built one; one it leaves out keeps it. A key the user enters
 * in the settings is kept for the session only and takes precedence over both.
 *
 * The page's entry makes the configuration once (`loadConfig(import.meta.env, location.origin,
 * window.kapuluanConfig)`) and passes it on: to the API client (configureApi) and to the components
 * (ConfigContext). Nothing reads it at import, so a test passes its own.
 */
import type { ApiFlavour } from '../contract/types.ts';
import { DEV_API_KEY } from './defaults.ts';

export interface AppConfig {
  /** Absolute base address, no trailing slash. */
  apiBaseUrl: string;
  /** True when the app runs its own /v1 service in the browser (msw worker). */
  builtInService: boolean;
  defaultApiKey: string;
  /** A remote MapLibre style to draw under the polygons, or null for the offline style. */
  basemapStyleUrl: string | null;
  /** How the built-in service shapes its answers: as this project's API, or as the live service's. */
  apiFlavour: ApiFlavour;
}

/**
 * The build-time variables the app reads, and the only `VITE_*` ones a build takes into the bundle (vite.config.ts):
 * any other in the build's environment, an admin key set there by mistake say, would ship to every browser.
 */
export const APP_ENV_VARIABLES = ['VITE_API_BASE_URL', 'VITE_API_KEY', 'VITE_BASEMAP_STYLE_URL', 'VITE_API_FLAVOUR'];

/** The environment variables the configuration reads (import.meta.env in the app). */
export type ConfigEnv = Partial<Record<string, string | boolean | undefined>>;

/** What a deployment's config.js may set (`window.kapuluanConfig`); anything else in it is ignored. */
export interface RuntimeConfig {
  apiBaseUrl?: unknown;
  apiKey?: unknown;
  basemapStyleUrl?: unknown;
  apiFlavour?: unknown;
}

declare global {
  interface Window {
    /** Set by config.js, which index.html loads before the app (public/config.js; docs/configuration.md). */
    kapuluanConfig?: RuntimeConfig;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function loadConfig(env: ConfigEnv, origin: string, runtime: RuntimeConfig = {}): AppConfig {
  /** The run-time setting where config.js gives one (a string, even empty), else the built one. */
  const setting = (name: keyof RuntimeConfig, variable: string) =>
    typeof runtime[name] === 'string' ? text(runtime[name]) : text(env[variable]);
  const base = setting('apiBaseUrl', 'VITE_API_BASE_URL');
  return {
    apiBaseUrl: (base || origin).replace(/\/+$/, ''),
    builtInService: !base,
    defaultApiKey: setting('apiKey', 'VITE_API_KEY') || DEV_API_KEY,
    basemapStyleUrl: setting('basemapStyleUrl', 'VITE_BASEMAP_STYLE_URL') || null,
    apiFlavour: setting('apiFlavour', 'VITE_API_FLAVOUR') === 'live' ? 'live' : 'standard',
  };
}
