import { describe, expect, test } from 'vitest';
import { corsOriginsAtStart, hostAtStart, keysAtStart } from './start-config.ts';

describe('npm run api at start-up', () => {
  test('takes the keys in API_KEYS, wherever it listens', () => {
    expect(keysAtStart({ API_KEYS: ' a, b ,,' })).toEqual({ keys: ['a', 'b'] });
    expect(keysAtStart({ API_KEYS: 'a', HOST: '0.0.0.0' })).toEqual({ keys: ['a'] });
  });

  test('refuses to listen beyond loopback without API_KEYS, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'api.example']) {
      const decision = keysAtStart({ HOST, API_KEYS: ' , ' });
      expect(decision, HOST).toEqual({ error: expect.stringMatching(/API_KEYS/) });
    }
  });

  test('on loopback without API_KEYS makes a random 32-byte key for this run and prints it', () => {
    for (const HOST of [undefined, '127.0.0.1', '::1', 'localhost']) {
      const decision = keysAtStart({ HOST });
      expect(decision, HOST).toEqual({
        keys: [expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)],
        printed: expect.any(String),
      });
      if ('keys' in decision) expect(decision.printed).toBe(decision.keys[0]);
    }
    const a = keysAtStart({});
    const b = keysAtStart({});
    expect('keys' in a && 'keys' in b && a.keys[0] !== b.keys[0]).toBe(true);
    expect(keysAtStart({}, () => 'fixed')).toEqual({ keys: ['fixed'], printed: 'fixed' });
  });

  test('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(hostAtStart({})).toBe('127.0.0.1');
    expect(hostAtStart({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  test('serves the dev server’s origins unless CORS_ORIGINS lists others', () => {
    expect(corsOriginsAtStart({})).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
    expect(corsOriginsAtStart({ CORS_ORIGINS: 'https://app.example/, http://127.0.0.1:5198' })).toEqual([
      'https://app.example',
      'http://127.0.0.1:5198',
    ]);
  });
});
