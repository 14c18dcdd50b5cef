/**
 * npm run api: the /v1 service over HTTP on 127.0.0.1.
 *   PORT          port (default 8787)
 *   API_KEYS      accepted keys, comma-separated (default: one development key, printed below)
 *   REGION_SHAPE  numeric (default) or string
 *   RECORDS_FILE  where created regions and provinces are kept (default .data/created-records.json)
 *   KAPULUAN_DATA_DIR  the built data to serve (default public/data; .vintages/4q-2023 for the older list)
 */
import path from 'node:path';
import { DEV_API_KEY } from '../contract/dev-key.ts';
import { fileStore } from './disk.ts';
import { startHttpServer } from './http-server.ts';

const started = performance.now();
const keys = (process.env.API_KEYS ?? DEV_API_KEY)
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const shape = process.env.REGION_SHAPE ?? 'numeric';
if (shape !== 'numeric' && shape !== 'string') {
  console.error(`REGION_SHAPE must be numeric or string, not ${shape}`);
  process.exit(1);
}
const recordsFile = path.resolve(process.env.RECORDS_FILE ?? '.data/created-records.json');
const server = await startHttpServer({
  port: Number(process.env.PORT ?? 8787),
  keys,
  regionShape: shape,
  store: fileStore(recordsFile),
});
console.log(`Kapuluan /v1 service at ${server.url}/v1 (regions in the ${shape}-id shape)`);
console.log(process.env.API_KEYS ? `Accepting ${keys.length} key(s) from API_KEYS` : `Development key: ${DEV_API_KEY}`);
console.log(`Created records: ${recordsFile}`);
console.log(`Started in ${(performance.now() - started).toFixed(0)} ms`);
// The geocoder's index is built while the server already answers, so the first geocode does not wait for it.
const warming = performance.now();
void server
  .warm()
  .then(() => console.log(`Geocoder ready in ${(performance.now() - warming).toFixed(0)} ms`))
  .catch((error) => console.error('The geocoder could not be built:', error));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
