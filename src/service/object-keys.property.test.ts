/**
 * Names every plain object has (`constructor`, `__proto__`, `toString`…) as every query value, path id and body
 * field of every endpoint, through the msw handlers: never a 5xx. Over HTTP: src/server/.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { endpoints } from '../test/endpoints.ts';
import { OBJECT_KEYS, objectKeyProperties, type PoisonedRequest } from '../test/object-keys.ts';
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

  objectKeyProperties('msw', () => endpoints(data), send, RUNS_PER_ENDPOINT);

  test('the names include every key a plain object answers by its prototype', () => {
    expect(OBJECT_KEYS).toEqual(
      expect.arrayContaining(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']),
    );
  });
});
