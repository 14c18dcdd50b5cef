/**
 * Names every plain object has (`constructor`, `__proto__`, `toString`…) as every query value, path id and body
 * field of every endpoint, through the msw handlers: never a 5xx (issue 31). Over HTTP: src/server/.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { endpoints } from '../test/endpoints.ts';
import { everyNameOnce, OBJECT_KEYS, type PoisonedRequest, requestsWith } from '../test/object-keys.ts';
import { checkProperty, describeRequest, expectDocumentedAnswer, SEED } from '../test/property.ts';
import { BASE, serviceServer, TEST_KEY, testDataset } from '../test/service-server.ts';
import type { Dataset } from './dataset.ts';

const RUNS_PER_ENDPOINT = 25;

serviceServer();
let data: Dataset;
beforeAll(async () => {
  data = await testDataset();
});

async function send({ method, target, body }: PoisonedRequest) {
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(BASE + target, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  return { status: response.status, text: await response.text() };
}

describe('names every object has, as user text', () => {
  test('GET /v1/geocode?q=constructor is answered, with no match', async () => {
    for (const q of ['constructor', '__proto__', 'toString', 'constructor, manila']) {
      const { status, text } = await send({
        method: 'GET',
        target: `/v1/geocode?q=${encodeURIComponent(q)}`,
        body: undefined,
      });
      expect(status, q).toBe(200);
      expect(JSON.parse(text).data, q).toEqual(expect.any(Object));
    }
  });

  test('each name alone in every field of every endpoint is never a 5xx', async () => {
    for (const endpoint of endpoints(data)) {
      const [target] = fc.sample(endpoint.target, { seed: SEED, numRuns: 1 });
      const [body] = endpoint.body ? fc.sample(endpoint.body, { seed: SEED, numRuns: 1 }) : [undefined];
      for (const request of everyNameOnce(endpoint, target, body)) {
        const { status, text } = await send(request);
        expectDocumentedAnswer(status, text, describeRequest(request.method, request.target, request.body));
      }
    }
  });

  test('every endpoint answers them anywhere in a request with a documented status', async () => {
    for (const endpoint of endpoints(data)) {
      await checkProperty(
        `msw, object keys: ${endpoint.method} ${endpoint.path}`,
        fc.asyncProperty(requestsWith(endpoint), async (request) => {
          const { status, text } = await send(request);
          expectDocumentedAnswer(status, text, describeRequest(request.method, request.target, request.body));
        }),
        RUNS_PER_ENDPOINT,
      );
    }
  });

  test('the names are the ones the issue lists, and more', () => {
    expect(OBJECT_KEYS).toEqual(
      expect.arrayContaining(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']),
    );
  });
});
