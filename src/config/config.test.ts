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

describe('configuration at run time (config.js)', () => {
  const built = { VITE_API_BASE_URL: 'http://127.0.0.1:8787', VITE_API_KEY: 'built-key' };

  test('an address given at run time points a build made without one at that server', () => {
    expect(loadConfig({}, 'x', { apiBaseUrl: 'https://api.example.org/' })).toMatchObject({
      apiBaseUrl: 'https://api.example.org',
      builtInService: false,
      defaultApiKey: DEV_API_KEY,
    });
  });

  test('each setting given wins over the built one, even empty; one left out keeps it', () => {
    expect(loadConfig(built, 'http://app', { apiKey: 'read-key' })).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:8787',
      defaultApiKey: 'read-key',
    });
    expect(loadConfig(built, 'http://app', { apiBaseUrl: '' })).toMatchObject({
      apiBaseUrl: 'http://app',
      builtInService: true,
    });
    expect(loadConfig({}, 'x', { apiFlavour: 'live', basemapStyleUrl: 'https://tiles/style.json' })).toMatchObject({
      apiFlavour: 'live',
      basemapStyleUrl: 'https://tiles/style.json',
    });
  });

  test('what is not a string is left out', () => {
    expect(loadConfig(built, 'http://app', { apiBaseUrl: 42, apiKey: null })).toEqual(loadConfig(built, 'http://app'));
  });
});
