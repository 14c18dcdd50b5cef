/**
 * What `npm run api` decides from its environment before it listens, as pure functions so each decision is
 * tested without starting a process.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEV_API_KEY } from '../contract/dev-key.ts';
import { DEV_ORIGINS, normalOrigin } from './edge-headers.ts';
import { DEFAULT_LIMITS, type EdgeLimits } from './edge-limits.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const hostAtStart = (env: NodeJS.ProcessEnv) => env.HOST?.trim() || '127.0.0.1';

/** The fewest characters of a key from the environment beyond loopback: 32 random ones are 190 bits or more. */
export const KEY_MIN_LENGTH = 32;

/**
 * The keys from the environment: API_KEYS read, ADMIN_KEYS may also change the map (src/service/keys.ts). Keys kept
 * in the database (`npm run keys`) are accepted besides these. A server beyond loopback with neither would answer
 * nobody, so it needs them (main.ts stops the start unless the database holds keys); and there a key anyone could
 * know or guess, the public development key or one under KEY_MIN_LENGTH characters, stops the start, naming which.
 * On loopback with none, a random admin key is made for this run and printed, so a key is always needed, and none
 * is guessable.
 */
export function keysAtStart(
  env: NodeJS.ProcessEnv,
  databaseHasKeys = false,
  random = () => randomBytes(32).toString('base64url'),
): { read: string[]; admin: string[]; printed?: string } | { error: string } {
  const read = list(env.API_KEYS);
  const admin = list(env.ADMIN_KEYS);
  const host = hostAtStart(env);
  if (!LOOPBACK.has(host)) {
    const weak = weakKey(host, { API_KEYS: read, ADMIN_KEYS: admin });
    if (weak) return { error: weak };
  }
  if (read.length || admin.length || databaseHasKeys) return { read, admin };
  if (!LOOPBACK.has(host)) {
    return {
      error: `HOST=${host} listens beyond this machine, so the service needs its keys: set API_KEYS (read) and ADMIN_KEYS (comma-separated), or issue them with npm run keys`,
    };
  }
  const key = random();
  return { read: [], admin: [key], printed: key };
}

/** Why a key of the lists may not be used beyond loopback, naming its list and place but never the key; or null. */
function weakKey(host: string, lists: Record<'API_KEYS' | 'ADMIN_KEYS', string[]>): string | null {
  const advice = `issue keys with npm run keys, or use ${KEY_MIN_LENGTH} random characters or more (openssl rand -base64 32)`;
  for (const [name, keys] of Object.entries(lists)) {
    for (const [i, key] of keys.entries()) {
      const which = `key ${i + 1} of ${name}`;
      if (key === DEV_API_KEY) {
        return `HOST=${host} listens beyond this machine, and ${which} is the public development key ${DEV_API_KEY}, which anyone may read in the app's source: ${advice}`;
      }
      if (key.length < KEY_MIN_LENGTH) {
        return `HOST=${host} listens beyond this machine, and ${which} is ${key.length} characters, under the ${KEY_MIN_LENGTH} a key needs there: ${advice}`;
      }
    }
  }
  return null;
}

/** The origins whose pages may call the service (CORS_ORIGINS, comma-separated); by default the dev server's. */
export const corsOriginsAtStart = (env: NodeJS.ProcessEnv) => {
  const origins = list(env.CORS_ORIGINS).map(normalOrigin);
  return origins.length ? origins : DEV_ORIGINS;
};

/** Where PGlite keeps the records when there is no DATABASE_URL: PGLITE_DIR, `memory://` for nowhere. */
export const pgliteDirAtStart = (env: NodeJS.ProcessEnv) => {
  const dir = env.PGLITE_DIR?.trim() || '.data/pglite';
  return dir.startsWith('memory://') ? dir : path.resolve(dir);
};

/** Each limit's variable: a whole number, in milliseconds for the timeouts. */
const LIMIT_VARIABLES = {
  HEADERS_TIMEOUT_MS: 'headersTimeoutMs',
  REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  KEEP_ALIVE_TIMEOUT_MS: 'keepAliveTimeoutMs',
  IDLE_TIMEOUT_MS: 'idleTimeoutMs',
  MAX_CONNECTIONS: 'maxConnections',
  UNREAD_BYTES_MAX: 'unreadBytes',
  GEOMETRY_BUILDS_MAX: 'geometryBuilds',
  WORKERS: 'workers',
  WORKER_QUEUE_MAX: 'workerQueue',
  BATCH_BUDGET_MS: 'batchBudgetMs',
  DRAW_BUDGET_MS: 'drawBudgetMs',
  WORKER_HEAP_MB: 'workerHeapMb',
} as const satisfies Record<string, Exclude<keyof EdgeLimits, 'rate'>>;

/**
 * The edge's limits from the environment, each a whole number of at least 1 (RATE_LIMIT_PER_SECOND=0 turns the
 * rate limit off); one not set keeps its default (DEFAULT_LIMITS). A value that is no such number stops the
 * start, naming the variable, rather than serving with a limit nobody asked for.
 */
export function limitsAtStart(env: NodeJS.ProcessEnv): { limits: EdgeLimits } | { error: string } {
  const limits: EdgeLimits = { ...DEFAULT_LIMITS };
  const read = (name: string, min = 1): number | string | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    if (!/^\d{1,9}$/.test(text) || Number(text) < min) return `${name} must be a whole number of at least ${min}`;
    return Number(text);
  };
  for (const [name, field] of Object.entries(LIMIT_VARIABLES)) {
    const value = read(name);
    if (typeof value === 'string') return { error: value };
    if (value !== undefined) limits[field] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    // Node refuses the pair: headers arrive within the request, so they cannot be given longer.
    return { error: 'HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS' };
  }
  const perSecond = read('RATE_LIMIT_PER_SECOND', 0);
  const burst = read('RATE_LIMIT_BURST');
  for (const value of [perSecond, burst]) if (typeof value === 'string') return { error: value };
  if (perSecond === 0) limits.rate = null;
  else if (perSecond !== undefined || burst !== undefined) {
    const rate = DEFAULT_LIMITS.rate ?? { perSecond: 50, burst: 100 };
    const sustained = (perSecond as number | undefined) ?? rate.perSecond;
    // A burst below the rate would refuse a second's worth of requests sent at once: the burst is at least it.
    limits.rate = { perSecond: sustained, burst: Math.max(sustained, (burst as number | undefined) ?? rate.burst) };
  }
  return { limits };
}
