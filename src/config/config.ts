/**
 * Runtime configuration, from build-time environment variables:
 *   VITE_API_BASE_URL  the /v1 service's base address; unset = the built-in service in the browser
 *   VITE_API_KEY       the key sent as Authorization: Bearer (default: the built-in service's development key)
 *   VITE_BASEMAP_STYLE_URL  opt-in remote basemap style; unset = the self-contained offline style
 *   VITE_API_FLAVOUR   `live`: the built-in service answers as the live service's documentation shows
 * A key the user enters in the settings is kept for the session only and takes precedence.
 *
 * The page's entry makes the configuration once (`loadConfig(import.meta.env, location.origin)`) and passes it on:
 * to the API client (configureApi) and to the components (ConfigContext). Nothing reads it at import, so a test
 * passes its own.
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

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value.trim() : '');

export function loadConfig(env: ConfigEnv, origin: string): AppConfig {
  const base = text(env.VITE_API_BASE_URL);
  return {
    apiBaseUrl: (base || origin).replace(/\/+$/, ''),
    builtInService: !base,
    defaultApiKey: text(env.VITE_API_KEY) || DEV_API_KEY,
    basemapStyleUrl: text(env.VITE_BASEMAP_STYLE_URL) || null,
    apiFlavour: text(env.VITE_API_FLAVOUR) === 'live' ? 'live' : 'standard',
  };
}
