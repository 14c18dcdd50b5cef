import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { DEV_API_KEY } from './defaults.ts';

describe('configuration', () => {
  test('without settings, the built-in service on the page’s own origin, offline style', () => {
    expect(loadConfig({}, 'http://127.0.0.1:5173')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:5173',
      builtInService: true,
      defaultApiKey: DEV_API_KEY,
      basemapStyleUrl: null,
      apiFlavour: 'standard',
    });
  });

  test('a base address switches to real HTTP', () => {
    const config = loadConfig({ VITE_API_BASE_URL: 'http://127.0.0.1:8787/', VITE_API_KEY: 'k' }, 'x');
    expect(config).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:8787', builtInService: false, defaultApiKey: 'k' });
  });

  test('the built-in service may answer as the live service does', () => {
    expect(loadConfig({ VITE_API_FLAVOUR: 'live' }, 'x').apiFlavour).toBe('live');
  });
});
