import { describe, expect, test } from 'vitest';
import { DEV_API_KEY } from '../contract/dev-key.ts';
import { DEFAULT_LIMITS } from './edge-limits.ts';
import { corsOriginsAtStart, hostAtStart, keysAtStart, limitsAtStart } from './start-config.ts';

/** Keys as an operator makes them (32 random bytes, base64url). */
const READ = 'q3ZkU9V8m1cJ4oXb2TnYhLw7Rs0AeGdP5fKiEuBxCyM';
const ADMIN = 'Zt6Wv1pNs8QyHc3LmA0gRbXe7KuJ2dFoVi5TrYwEn4S';

describe('npm run api at start-up', () => {
  test('takes read keys from API_KEYS and admin keys from ADMIN_KEYS, wherever it listens', () => {
    expect(keysAtStart({ API_KEYS: ' a, b ,,' })).toEqual({ read: ['a', 'b'], admin: [] });
    expect(keysAtStart({ API_KEYS: READ, ADMIN_KEYS: ADMIN, HOST: '0.0.0.0' })).toEqual({
      read: [READ],
      admin: [ADMIN],
    });
    expect(keysAtStart({ ADMIN_KEYS: ADMIN, HOST: '0.0.0.0' })).toEqual({ read: [], admin: [ADMIN] });
  });

  test('beyond loopback refuses the public development key and keys under 32 characters, naming which', () => {
    for (const HOST of ['0.0.0.0', '::', 'api.example']) {
      expect(keysAtStart({ HOST, API_KEYS: `${READ},${DEV_API_KEY}` }), HOST).toEqual({
        error: expect.stringMatching(/key 2 of API_KEYS is the public development key kapuluan-dev-key/),
      });
      const short = keysAtStart({ HOST, API_KEYS: READ, ADMIN_KEYS: 'x' }, true);
      expect(short, HOST).toEqual({
        error: expect.stringMatching(/key 1 of ADMIN_KEYS is 1 characters, under the 32/),
      });
      const almost = READ.slice(0, 31);
      const error = (keysAtStart({ HOST, ADMIN_KEYS: almost }) as { error: string }).error;
      expect(error).toMatch(/is 31 characters/);
      // Never the key itself.
      expect(error).not.toContain(almost);
    }
    // On loopback both are a developer's business.
    expect(keysAtStart({ API_KEYS: DEV_API_KEY, ADMIN_KEYS: 'x' })).toEqual({ read: [DEV_API_KEY], admin: ['x'] });
  });

  test('refuses to listen beyond loopback without keys in its environment or its database, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'api.example']) {
      const decision = keysAtStart({ HOST, API_KEYS: ' , ' });
      expect(decision, HOST).toEqual({ error: expect.stringMatching(/API_KEYS.*ADMIN_KEYS.*npm run keys/) });
      expect(keysAtStart({ HOST }, true), HOST).toEqual({ read: [], admin: [] });
    }
  });

  test('on loopback without any key makes a random 32-byte admin key for this run and prints it', () => {
    for (const HOST of [undefined, '127.0.0.1', '::1', 'localhost']) {
      const decision = keysAtStart({ HOST });
      expect(decision, HOST).toEqual({
        read: [],
        admin: [expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)],
        printed: expect.any(String),
      });
      if ('admin' in decision) expect(decision.printed).toBe(decision.admin[0]);
    }
    const a = keysAtStart({});
    const b = keysAtStart({});
    expect('admin' in a && 'admin' in b && a.admin[0] !== b.admin[0]).toBe(true);
    expect(keysAtStart({}, false, () => 'fixed')).toEqual({ read: [], admin: ['fixed'], printed: 'fixed' });
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

  test('keeps the default limits unless a variable sets one', () => {
    expect(limitsAtStart({})).toEqual({ limits: DEFAULT_LIMITS });
    const { limits } = limitsAtStart({
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: ' 20000 ',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      IDLE_TIMEOUT_MS: '15000',
      MAX_CONNECTIONS: '64',
      GEOMETRY_BUILDS_MAX: '2',
      UNREAD_BYTES_MAX: '50000000',
      RATE_LIMIT_PER_SECOND: '500',
      RATE_LIMIT_BURST: '1000',
      WORKERS: '3',
      WORKER_QUEUE_MAX: '5',
      BATCH_BUDGET_MS: '1000',
      DRAW_BUDGET_MS: '2000',
      WORKER_HEAP_MB: '512',
    }) as { limits: typeof DEFAULT_LIMITS };
    expect(limits).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20000,
      keepAliveTimeoutMs: 1000,
      idleTimeoutMs: 15000,
      maxConnections: 64,
      geometryBuilds: 2,
      unreadBytes: 50_000_000,
      workers: 3,
      workerQueue: 5,
      batchBudgetMs: 1000,
      drawBudgetMs: 2000,
      workerHeapMb: 512,
      rate: { perSecond: 500, burst: 1000 },
    });
  });

  test('RATE_LIMIT_PER_SECOND=0 turns the rate limit off; a burst is never below the rate', () => {
    expect(limitsAtStart({ RATE_LIMIT_PER_SECOND: '0' })).toEqual({ limits: { ...DEFAULT_LIMITS, rate: null } });
    expect(limitsAtStart({ RATE_LIMIT_PER_SECOND: '300' })).toEqual({
      limits: { ...DEFAULT_LIMITS, rate: { perSecond: 300, burst: 300 } },
    });
    expect(limitsAtStart({ RATE_LIMIT_BURST: '400' })).toEqual({
      limits: { ...DEFAULT_LIMITS, rate: { perSecond: 50, burst: 400 } },
    });
  });

  test('refuses to start on a limit that is no whole number, or headers given longer than the request', () => {
    for (const [name, value] of [
      ['MAX_CONNECTIONS', '0'],
      ['IDLE_TIMEOUT_MS', '10s'],
      ['GEOMETRY_BUILDS_MAX', '-1'],
      ['RATE_LIMIT_BURST', '0'],
      ['RATE_LIMIT_PER_SECOND', '1.5'],
    ]) {
      expect(limitsAtStart({ [name]: value }), name).toEqual({ error: expect.stringContaining(name) });
    }
    expect(limitsAtStart({ HEADERS_TIMEOUT_MS: '40000' })).toEqual({
      error: 'HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS',
    });
  });
});
