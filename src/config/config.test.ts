import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { DEV_API_KEY } from './defaults.ts';

const env = (values: Record<string, string>) => values as unknown as ImportMetaEnv;

describe('configuration', () => {
  test('without settings, the built-in service on the page’s own origin, offline style', () => {
    expect(loadConfig(env({}), 'http://127.0.0.1:5173')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:5173',
      builtInService: true,
      defaultApiKey: DEV_API_KEY,
      basemapStyleUrl: null,
    });
  });

  test('a base address switches to real HTTP', () => {
    const config = loadConfig(env({ VITE_API_BASE_URL: 'http://127.0.0.1:8787/', VITE_API_KEY: 'k' }), 'x');
    expect(config).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:8787', builtInService: false, defaultApiKey: 'k' });
  });
});
