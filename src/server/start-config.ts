/**
 * What `npm run api` decides from its environment before it listens, as pure functions so each decision is
 * tested without starting a process.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEV_ORIGINS, normalOrigin } from './edge-headers.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const hostAtStart = (env: NodeJS.ProcessEnv) => env.HOST?.trim() || '127.0.0.1';

/**
 * The keys to accept. Beyond loopback a server without API_KEYS would answer anyone who knows the public
 * development key, so it does not start. On loopback it makes a random key for this run and prints it, so
 * a key is always needed, and none is guessable.
 */
export function keysAtStart(
  env: NodeJS.ProcessEnv,
  random = () => randomBytes(32).toString('base64url'),
): { keys: string[]; printed?: string } | { error: string } {
  const keys = list(env.API_KEYS);
  if (keys.length) return { keys };
  const host = hostAtStart(env);
  if (!LOOPBACK.has(host)) {
    return {
      error: `HOST=${host} listens beyond this machine, so the service needs its keys: set API_KEYS (comma-separated)`,
    };
  }
  const key = random();
  return { keys: [key], printed: key };
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
