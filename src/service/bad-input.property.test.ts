/**
 * Bad input through the msw handlers in Node, the request path the app's tests and the browser worker use:
 * arbitrary query strings, path ids, bodies and keys at every endpoint.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { authorization } from '../test/bad-input.ts';
import { type Endpoint, endpoints, handlerKeys } from '../test/endpoints.ts';
import { checkProperty, describeRequest, expectDocumentedAnswer } from '../test/property.ts';
import { BASE, serviceServer, TEST_KEY, testDataset } from '../test/service-server.ts';
import type { Dataset } from './dataset.ts';

/** Far above any answer's time on this dataset: a request still open after it hangs. */
const REQUEST_TIMEOUT = 20_000;
const RUNS_PER_ENDPOINT = 70;

const server = serviceServer();
let data: Dataset;
beforeAll(async () => {
  data = await testDataset();
});

async function send(method: string, target: string, body: string | undefined, auth: string | null) {
  const headers: Record<string, string> = {};
  if (auth !== null) headers.authorization = auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(BASE + target, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  return { status: response.status, text: await response.text() };
}

const methodOf = (endpoint: Endpoint) =>
  endpoint.method === 'ALL' ? fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') : fc.constant(endpoint.method);

describe('bad input through the msw handlers', () => {
  test('the property table names every endpoint the handlers serve', () => {
    const table = endpoints(data).map((e) => `${e.method} ${e.path}`);
    expect(table.sort()).toEqual(handlerKeys(server.listHandlers()).sort());
  });

  // One property per endpoint, so each gets its share of cases and its own line in the log.
  test('every endpoint answers any query, id, body and key with a documented status and body', async () => {
    for (const endpoint of endpoints(data)) {
      const requests = fc.record({
        method: methodOf(endpoint),
        target: endpoint.target,
        body: endpoint.body ?? fc.constant(undefined),
        auth: authorization(TEST_KEY),
      });
      await checkProperty(
        `msw: ${endpoint.method} ${endpoint.path}`,
        fc.asyncProperty(requests, async ({ method, target, body, auth }) => {
          // `..` segments can lead out of /v1, where msw leaves the request to the network
          fc.pre(/^\/v1(\/|$)/.test(new URL(BASE + target).pathname));
          const sent = method === 'GET' ? undefined : body;
          const label = `${describeRequest(method, target, sent)} auth ${JSON.stringify(auth.header)}`;
          const { status, text } = await send(method, target, sent, auth.header);
          expectDocumentedAnswer(status, text, label);
          // the key is checked before anything else: no answer without it, and never a 401 with it
          if (!auth.valid) expect(status, label).toBeGreaterThanOrEqual(400);
          if (auth.valid) expect(status, label).not.toBe(401);
        }),
        RUNS_PER_ENDPOINT,
      );
    }
  });
});
