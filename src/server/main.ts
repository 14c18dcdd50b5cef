/**
 * npm run api: the /v1 service over HTTP.
 *   HOST          the address to listen on (default 127.0.0.1; beyond loopback API_KEYS is required)
 *   PORT          port (default 8787)
 *   API_KEYS      read keys, comma-separated; ADMIN_KEYS keys that may also change the map. Keys issued with
 *                 npm run keys are kept hashed in the database and accepted too. With none of these on
 *                 loopback: a random admin key for this run, printed below
 *   CORS_ORIGINS  origins whose pages may call it, comma-separated (default the dev server's, :5173)
 *   REGION_SHAPE  numeric (default) or string
 *   API_FLAVOUR   standard (default), or live: answers shaped as the live service's documentation shows them
 *   DATABASE_URL  PostgreSQL for created regions and provinces (postgres://user:password@host:5432/db); several
 *                 servers may share one. Unset: PGlite, PostgreSQL embedded in this process, in PGLITE_DIR
 *   DATABASE_POOL_MAX  the most PostgreSQL connections in the pool (default 10; LISTEN holds one more)
 *   PGLITE_DIR    where PGlite keeps its files (default .data/pglite; memory:// keeps nothing)
 *   RECORDS_FILE  a records file from before the database, imported once if present
 *                 (default .data/created-records.json)
 *   KAPULUAN_DATA_DIR  the built data to serve (default public/data; .vintages/4q-2024 or 4q-2023 for an older list)
 *   HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, IDLE_TIMEOUT_MS, MAX_CONNECTIONS,
 *   GEOMETRY_BUILDS_MAX, RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST  the edge's limits (docs/configuration.md)
 *   ACCESS_LOG    stdout (default), off, or a file: one JSON line per request (src/server/access-log.ts)
 */
import path from 'node:path';
import { keyRings } from '../service/keys.ts';
import { accessLogAtStart } from './access-log.ts';
import { hasKeys } from './db/key-store.ts';
import { openStore, poolMaxAtStart } from './db/open-store.ts';
import { envKeyRing } from './env-keys.ts';
import { startHttpServer } from './http-server.ts';
import { databaseKeyRing } from './key-checks.ts';
import { corsOriginsAtStart, hostAtStart, keysAtStart, limitsAtStart, pgliteDirAtStart } from './start-config.ts';

const started = performance.now();
const shape = process.env.REGION_SHAPE ?? 'numeric';
if (shape !== 'numeric' && shape !== 'string') {
  console.error(`REGION_SHAPE must be numeric or string, not ${shape}`);
  process.exit(1);
}
const flavour = process.env.API_FLAVOUR ?? 'standard';
if (flavour !== 'standard' && flavour !== 'live') {
  console.error(`API_FLAVOUR must be standard or live, not ${flavour}`);
  process.exit(1);
}
const corsOrigins = corsOriginsAtStart(process.env);
const limits = limitsAtStart(process.env);
if ('error' in limits) {
  console.error(limits.error);
  process.exit(1);
}
const pool = poolMaxAtStart(process.env);
if ('error' in pool) {
  console.error(pool.error);
  process.exit(1);
}
const recordsFile = path.resolve(process.env.RECORDS_FILE ?? '.data/created-records.json');
const notStarted = (error: Error): never => {
  console.error(`Not started: ${error.message}`);
  process.exit(1);
};
// A database that cannot be reached, a records file to import that cannot be read or holds an entry that breaks
// the rules, or a stored row that does: each stops the start, with the reason, rather than serving without them.
const opened = await openStore({
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  poolMax: pool.poolMax,
  pgliteDir: pgliteDirAtStart(process.env),
  recordsFile,
}).catch(notStarted);
const keys = keysAtStart(process.env, await hasKeys(opened.sql));
if ('error' in keys) {
  await opened.close().catch(() => undefined);
  console.error(keys.error);
  process.exit(1);
}
const accessLog = accessLogAtStart(process.env);
const databaseKeys = databaseKeyRing(opened.sql);
const stopWatchingKeys = await databaseKeys.watch();
const server = await startHttpServer({
  port: Number(process.env.PORT ?? 8787),
  host: hostAtStart(process.env),
  keys: keyRings(envKeyRing(keys), databaseKeys),
  corsOrigins,
  limits: limits.limits,
  regionShape: shape,
  apiFlavour: flavour,
  store: opened.store,
  accessLog,
  database: () => opened.sql.query('select 1'),
}).catch(async (error: Error) => {
  await opened.close().catch(() => undefined);
  return notStarted(error);
});
console.log(`Kapuluan /v1 service at ${server.url}/v1 (regions in the ${shape}-id shape)`);
console.log(
  keys.printed
    ? `Admin key for this run (no API_KEYS, ADMIN_KEYS or keys in the database): ${keys.printed}`
    : `Accepting ${keys.read.length} read key(s) from API_KEYS, ${keys.admin.length} admin key(s) from ADMIN_KEYS, and the database's keys (npm run keys -- list)`,
);
console.log(`Pages that may call it (CORS_ORIGINS): ${corsOrigins.join(', ')}`);
console.log(
  `Created records: ${opened.sql.description}${opened.migrated.length ? ` (schema migrations applied: ${opened.migrated.join(', ')})` : ''}`,
);
if (opened.imported.state === 'imported') {
  const { regions, provinces } = opened.imported;
  console.log(
    `Imported ${regions} region(s) and ${provinces} province(s) from ${recordsFile}; the file is left as it was`,
  );
}
const { rate, geometryBuilds, maxConnections } = limits.limits;
console.log(
  `Limits: ${rate ? `${rate.perSecond} requests/s per key (bursts of ${rate.burst})` : 'no rate limit'}, ` +
    `${geometryBuilds} geometry answers built at once, ${maxConnections} connections`,
);
console.log(`Access log (ACCESS_LOG): ${accessLog?.target ?? 'off'}`);
// A log rotated away (logrotate's create, not copytruncate) is written anew at its path on SIGHUP.
process.on('SIGHUP', () => accessLog?.reopen());
console.log(`Health: ${server.url}/healthz (alive), ${server.url}/readyz (ready for traffic), without a key`);
console.log(`Started in ${(performance.now() - started).toFixed(0)} ms`);
// The read workers build the geocoder's index while the server already answers what needs none of it; what
// does is a 503 `starting` with Retry-After until then, and GET /readyz says not ready.
void server.ready.then(() =>
  console.log(`Geocoder ready in ${(performance.now() - started).toFixed(0)} ms since the start: ready for traffic`),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal while the answers in flight are finished: stop now.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing the answers in flight, refusing new requests`);
    void server
      .stop()
      .then(() => stopWatchingKeys())
      .then(() => opened.close())
      .then(() => accessLog?.close())
      .finally(() => process.exit(0));
  });
}
