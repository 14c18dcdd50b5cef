/**
 * Names every plain object already has (`{}.constructor`, `{}.__proto__`, …), sent as user text: a lookup table
 * kept in a plain object answers them with a function or a prototype instead of "not found" (where
 * `GET /v1/geocode?q=constructor` was a 500). `requestsWith` turns an endpoint's requests into ones where every
 * query value, path id and body field is such a name.
 */
import fc from 'fast-check';
import { test } from 'vitest';
import type { Endpoint } from './endpoints.ts';
import { checkProperty, describeRequest, expectDocumentedAnswer, SEED } from './property.ts';

export const OBJECT_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
] as const;

/** A name, alone or among words (`constructor, manila`), as an address or a query may hold it. */
const word = fc.constantFrom(...OBJECT_KEYS);
const text = fc.oneof(
  { weight: 3, arbitrary: word },
  {
    weight: 1,
    arbitrary: fc.tuple(word, fc.constantFrom('manila', 'cebu', 'city', 'brgy', 'ncr')).map(([w, p]) => `${w} ${p}`),
  },
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `${a}, ${b}`) },
  { weight: 1, arbitrary: word.map((w) => w.toUpperCase()) },
);

/** Every value in a JSON body replaced by `value()`, arrays kept as arrays; a name added as a field of its own. */
function poisonBody(body: string | undefined, value: () => string, extra: string): string | undefined {
  if (body === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON.stringify(value());
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(parsed)) {
    out[name] = Array.isArray(field) ? (field.length ? field : [0]).map(() => value()) : value();
  }
  // a field named like them too: JSON.parse makes `__proto__` an own field, which a copy by assignment does not
  return `${JSON.stringify(out).slice(0, -1)}${Object.keys(out).length ? ',' : ''}${JSON.stringify(extra)}:${JSON.stringify(value())}}`;
}

/** The target with its `:id` segments (per `endpoint.path`) and every query value replaced. */
function poisonTarget(endpoint: Endpoint, target: string, value: () => string, extra: string): string {
  const url = new URL(target, 'http://x');
  const pattern = endpoint.path.split('/');
  const segments = url.pathname
    .split('/')
    .map((segment, i) => (pattern[i]?.startsWith(':') ? encodeURIComponent(value()) : segment));
  const query = new URLSearchParams();
  for (const name of url.searchParams.keys()) query.append(name, value());
  query.append(extra, value());
  return `${segments.join('/')}?${query}`;
}

export interface PoisonedRequest {
  method: string;
  target: string;
  body: string | undefined;
}

/** An endpoint's requests with every value a name from OBJECT_KEYS (or words around one). */
export function requestsWith(endpoint: Endpoint): fc.Arbitrary<PoisonedRequest> {
  const method = endpoint.method === 'ALL' ? 'POST' : endpoint.method;
  return fc
    .record({
      target: endpoint.target,
      body: endpoint.body ?? fc.constant(undefined),
      values: fc.array(text, { minLength: 1, maxLength: 12 }),
      extra: word,
    })
    .map(({ target, body, values, extra }) => {
      let at = 0;
      const value = () => values[at++ % values.length];
      return {
        method,
        target: poisonTarget(endpoint, target, value, extra),
        body: method === 'GET' || method === 'DELETE' ? undefined : poisonBody(body, value, extra),
      };
    });
}

/** The same for each name in turn, everything that name alone: the cases a seed might miss. */
export function everyNameOnce(endpoint: Endpoint, target: string, body: string | undefined): PoisonedRequest[] {
  const method = endpoint.method === 'ALL' ? 'POST' : endpoint.method;
  return OBJECT_KEYS.map((name) => ({
    method,
    target: poisonTarget(endpoint, target, () => name, name),
    body: method === 'GET' || method === 'DELETE' ? undefined : poisonBody(body ?? '{}', () => name, name),
  }));
}

/** What a transport answers a request: its status and body text. */
export type Send = (request: PoisonedRequest) => Promise<{ status: number; text: string }>;

/**
 * The two properties every transport must hold for every endpoint of `table()`: each name alone in each field,
 * then the names anywhere in requests drawn from the table, never answered with a 5xx or an undocumented body.
 */
export function objectKeyProperties(transport: string, table: () => Endpoint[], send: Send, runs: number) {
  test('each name alone in every field of every endpoint is never a 5xx', async () => {
    for (const endpoint of table()) {
      const [target] = fc.sample(endpoint.target, { seed: SEED, numRuns: 1 });
      const [body] = endpoint.body ? fc.sample(endpoint.body, { seed: SEED, numRuns: 1 }) : [undefined];
      for (const request of everyNameOnce(endpoint, target, body)) {
        const { status, text } = await send(request);
        expectDocumentedAnswer(status, text, describeRequest(request.method, request.target, request.body));
      }
    }
  });

  test('every endpoint answers them anywhere in a request with a documented status', async () => {
    for (const endpoint of table()) {
      await checkProperty(
        `${transport}, object keys: ${endpoint.method} ${endpoint.path}`,
        fc.asyncProperty(requestsWith(endpoint), async (request) => {
          const { status, text } = await send(request);
          expectDocumentedAnswer(status, text, describeRequest(request.method, request.target, request.body));
        }),
        runs,
      );
    }
  });
}
