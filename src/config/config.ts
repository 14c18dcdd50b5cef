/**
 * Runtime configuration, from build-time environment variables:
 *   VITE_API_BASE_URL  the /v1 service's base address; unset = the built-in service in the browser
 *   VITE_API_KEY       the key sent as Authorization: Bearer (default: the built-in service's development key)
 *   VITE_BASEMAP_STYLE_URL  opt-in remote basemap style; unset = the self-contained offline style
 * A key the user enters in the settings is kept for the session only and takes precedence.
 */
import { DEV_API_KEY } from './defaults.ts';

export interface AppConfig {
  /** Absolute base address, no trailing slash. */
  apiBaseUrl: string;
  /** True when the app runs its own /v1 service in the browser (msw worker). */
  builtInService: boolean;
  defaultApiKey: string;
  /** A remote MapLibre style to draw under the polygons, or null for the offline style. */
  basemapStyleUrl: string | null;
}

export function loadConfig(
  env: ImportMetaEnv = import.meta.env,
  origin = globalThis.location?.origin ?? '',
): AppConfig {
  const base = (env.VITE_API_BASE_URL as string | undefined)?.trim();
  return {
    apiBaseUrl: (base || origin).replace(/\/+$/, ''),
    builtInService: !base,
    defaultApiKey: (env.VITE_API_KEY as string | undefined)?.trim() || DEV_API_KEY,
    basemapStyleUrl: (env.VITE_BASEMAP_STYLE_URL as string | undefined)?.trim() || null,
  };
}

export const config = loadConfig();
