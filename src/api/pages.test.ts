import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { TEST_API } from '../test/test-api.ts';
import { configureApi } from './client.ts';
import { fetchAll, listOf } from './pages.ts';
import { provinceQueries } from './provinces.ts';

const BASE = 'http://live.kapuluan.test';
configureApi({ ...TEST_API, apiBaseUrl: BASE });
const provinces = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Province ${i + 1}`, code: `0${i}` }));
const asked: URL[] = [];

/** A server that pages as the live service documents, and gives at most `max` items a page whatever is asked. */
const paging = (max: number) =>
  http.get(`${BASE}/v1/provinces`, ({ request }) => {
    const url = new URL(request.url);
    asked.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), max);
    const totalPages = Math.ceil(provinces.length / limit);
    return HttpResponse.json({
      data: provinces.slice((page - 1) * limit, page * limit),
      meta: { total: provinces.length, page, limit, totalPages, links: { self: '', next: null, prev: null } },
      error: null,
    });
  });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

describe('a list the app needs whole', () => {
  test('is followed page by page where the server pages it, however few a page it gives', async () => {
    server.use(paging(10));
    const { data } = await fetchAll<{ name: string }>('/v1/provinces?region_id=7');
    expect(data).toEqual(provinces);
    expect(asked.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(asked.every((u) => u.searchParams.get('region_id') === '7')).toBe(true);
  });

  test('is one request where the server gives it whole, bare or enveloped', async () => {
    for (const answer of [provinces, { data: provinces }]) {
      server.use(
        http.get(`${BASE}/v1/provinces`, ({ request }) => {
          asked.push(new URL(request.url));
          return HttpResponse.json(answer);
        }),
      );
      expect((await fetchAll('/v1/provinces')).data).toEqual(provinces);
    }
    expect(asked).toHaveLength(2);
  });

  test('every province, for the admin forms, is complete from a server of ten a page', async () => {
    server.use(paging(10));
    const client = new QueryClient();
    const { data } = await client.fetchQuery(provinceQueries.list());
    expect(data).toHaveLength(25);
  });

  test('an answer that is no list is an error, not an empty list', () => {
    expect(() => listOf({ error: null })).toThrow(TypeError);
    expect(listOf({ data: [1], meta: undefined }).data).toEqual([1]);
  });
});
