/** The live-shaped mode over real HTTP (API_FLAVOUR=live); src/api/normalize.test.ts reads these shapes. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ENDPOINTS } from '../service/endpoints/table.ts';
import { openApiDocument } from '../service/openapi/document.ts';
import { memoryStore } from '../service/store.ts';
import { caller } from '../test/http-call.ts';
import { answerCheck } from '../test/openapi-answers.ts';
import { startTestServer } from '../test/test-server.ts';

const KEY = 'live-test-key';
let server: Awaited<ReturnType<typeof startTestServer>>;
const call = caller(() => server.url, KEY);

beforeAll(async () => {
  server = await startTestServer({ keys: [KEY], store: memoryStore(), apiFlavour: 'live' });
});
afterAll(() => server.close());

test('pages the provinces ten at a time, every one reached by following the pages', async () => {
  const first = await call('/v1/provinces');
  expect(first.body.data).toHaveLength(10);
  expect(first.body.meta.links.next).toMatch(new RegExp(`^${server.url}/v1/provinces\\?`));
  const all = [];
  for (let page = 1; page <= first.body.meta.totalPages; page++)
    all.push(...(await call(`/v1/provinces?page=${page}`)).body.data);
  expect(all).toHaveLength(first.body.meta.total);
  expect(all.find((p: { name: string }) => p.name === 'Cebu')).toEqual({
    id: 7022,
    name: 'Cebu',
    code: '072200000',
    region_id: 70000000,
  });
});

test("envelopes a province's detail, with its 10-digit code and 'pop'", async () => {
  const { status, body } = await call('/v1/provinces/7022');
  expect(status).toBe(200);
  expect(body.error).toBeNull();
  expect(body.data).toMatchObject({ id: 7022, name: 'Cebu', code: '0702200000', pop: expect.any(Number) });
});

test('answers the barangay search over HTTP as documented, by the codes given', async () => {
  const response = await fetch(`${server.url}/v1/barangays/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ codes: ['0701201001'], geometry: 'simple', output: 'geojson' }),
  });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.features[0].properties).toMatchObject({ name: 'Bahi', code: '0701201001' });
  expect(body.features[0].geometry.type).toMatch(/Polygon/);
});

test('serves its OpenAPI document, which describes the live shapes it answers in and the standard one does not', async () => {
  const { status, body: document } = await call('/v1/openapi.json');
  expect(status).toBe(200);
  expect(document.info['x-api-flavour']).toBe('live');
  const live = answerCheck(document);
  const standard = answerCheck(
    openApiDocument(
      { regionShape: 'numeric', flavour: 'standard', vintage: document.info['x-psgc-vintage'] },
      ENDPOINTS,
    ),
  );
  for (const path of ['/v1/provinces', '/v1/provinces/7022', '/v1/provinces/7022?geometry=simple']) {
    const answer = await call(path);
    expect(live.problem('GET', server.url + path, answer.status, answer.body), path).toBeNull();
    expect(standard.problem('GET', server.url + path, answer.status, answer.body), path).not.toBeNull();
  }
  const regions = await call('/v1/regions');
  expect(live.problem('GET', `${server.url}/v1/regions`, regions.status, regions.body)).toBeNull();
});
