/**
 * Names every plain object has (`constructor`, `__proto__`, `toString`…) as every query value, path id and body
 * field of every endpoint, through the real HTTP server: never a 5xx. Through msw: src/service/.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Dataset } from '../service/dataset.ts';
import { memoryStore } from '../service/store.ts';
import { type Endpoint, endpoints } from '../test/endpoints.ts';
import { objectKeyProperties, type PoisonedRequest } from '../test/object-keys.ts';
import { startTestServer } from '../test/test-server.ts';
import { diskDataSource } from './disk.ts';

const KEY = 'object-keys-key';
const RUNS_PER_ENDPOINT = 15;

let server: Awaited<ReturnType<typeof startTestServer>>;
let table: Endpoint[];
beforeAll(async () => {
  server = await startTestServer({ keys: [KEY], store: memoryStore() });
  table = endpoints(await Dataset.load(diskDataSource()));
  await server.ready; // geocodes are answered by the read workers once they have built the index
});
afterAll(() => server?.close());

async function send({ method, target, body }: PoisonedRequest) {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + target, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  return { status: response.status, text: await response.text() };
}

describe('names every object has, as user text, over HTTP', () => {
  test('GET /v1/geocode?q=constructor is a 200, and so is a batch of such addresses', async () => {
    expect((await send({ method: 'GET', target: '/v1/geocode?q=constructor', body: undefined })).status).toBe(200);
    const batch = JSON.stringify({ addresses: ['constructor', '__proto__, manila', 'toString valueOf'] });
    const answer = await send({ method: 'POST', target: '/v1/geocode/batch', body: batch });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data).toHaveLength(3);
  });

  objectKeyProperties('http', () => table, send, RUNS_PER_ENDPOINT);
});
