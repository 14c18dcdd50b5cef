import { setupServer } from 'msw/node';
import { createHandlers } from '../mocks/handlers/index.ts';
import { diskDataSource } from '../server/disk.ts';
import type { RegionShape } from '../service/context.ts';
import { Service } from '../service/service.ts';
import { memoryStore, type RecordStore } from '../service/store.ts';

export const TEST_KEY = 'test-key';
export const BASE = 'http://api.kapuluan.test';

/** The /v1 service on msw's Node interceptor, over the built dataset, with records kept in memory. */
export function serviceServer(options: { regionShape?: RegionShape; store?: RecordStore } = {}) {
  const store = options.store ?? memoryStore();
  return setupServer(
    ...createHandlers(() =>
      Service.create({ source: diskDataSource(), store, keys: [TEST_KEY], regionShape: options.regionShape }),
    ),
  );
}

/** fetch against the service with the test key; `key: null` sends none. */
export async function api<T = any>(
  path: string,
  init: { method?: string; body?: unknown; key?: string | null; rawBody?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  const key = init.key === undefined ? TEST_KEY : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(BASE + path, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  return { status: response.status, body: (await response.json()) as T };
}
