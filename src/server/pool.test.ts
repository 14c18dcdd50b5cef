/**
 * No request stalls another: batches and reorganized outlines are worked out in the worker pool, so
 * the event loop answers a list while they run; a task past its budget is a 503 `timeout` and its worker is
 * replaced; past the line a task is a 503 `busy`; a create is never refused because geometry is busy. Orderings
 * are asserted by events (which answer came first, what a held pipe lets through), never by a number of ms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../service/store.ts';
import { dataWithPipedRegions } from '../test/piped-data.ts';
import { DATA_DIR } from './disk.ts';
import type { EdgeLimits } from './edge-limits.ts';
import { envKeyRing } from './env-keys.ts';
import { startHttpServer } from './http-server.ts';

const KEY = 'pool-test-key';
type Server = Awaited<ReturnType<typeof startHttpServer>>;
const start = (limits: Partial<EdgeLimits>, dataDir?: string) =>
  startHttpServer({ port: 0, keys: [KEY], store: memoryStore(), limits, dataDir });

const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const get = (server: Server, target: string) => fetch(`${server.url}${target}`, { headers });
const post = (server: Server, target: string, body: unknown) =>
  fetch(`${server.url}${target}`, { method: 'POST', headers, body: JSON.stringify(body) });

/** 1,000 addresses of made-up words, about 110 characters each: the geocoder finds nothing and tries everything. */
const junkBatch = (length = 1000) => ({
  addresses: Array.from({ length }, (_, i) =>
    Array.from({ length: 14 }, (_, w) => `${(i * 7919 + w * 104729).toString(36)}q`)
      .join(' ')
      .slice(0, 300),
  ),
});

/** A region of the first 80 provinces (Metro Manila aside): the tester's preview that took 18 s. */
async function eightyProvinces(server: Server): Promise<string[]> {
  const answer = (await (await get(server, '/v1/provinces?limit=200')).json()) as
    | { id: string }[]
    | { data: { id: string }[] };
  const list = Array.isArray(answer) ? answer : answer.data;
  return list
    .map((p) => p.id)
    .filter((id) => id !== '13000')
    .slice(0, 80);
}

interface ProvinceItem {
  id: string;
  name: string;
  region_id: string | number;
}
async function provinceNamed(server: Server, name: string): Promise<ProvinceItem> {
  const answer = (await (await get(server, '/v1/provinces?limit=200')).json()) as
    | ProvinceItem[]
    | { data: ProvinceItem[] };
  return (Array.isArray(answer) ? answer : answer.data).find((p) => p.name === name)!;
}

/** Resolves once the server has handed a task to its worker pool (polled: what the server does in its own time). */
async function poolBusy(server: Server) {
  while (server.poolTasks() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** With one worker and a line of one: a batch running and one waiting, each sent once the one before is handed over. */
async function fillTheLine(server: Server): Promise<Promise<Response>[]> {
  const batches: Promise<Response>[] = [];
  for (const handed of [1, 2]) {
    batches.push(post(server, '/v1/geocode/batch', junkBatch()));
    while (server.poolTasks() < handed) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return batches;
}

/** Which of two answers settles first, and both answers. */
async function firstOf(slow: Promise<Response>, quick: Promise<Response>) {
  const order: string[] = [];
  const settled = (name: string) => (response: Response) => {
    order.push(name);
    return response;
  };
  const [s, q] = await Promise.all([slow.then(settled('slow')), quick.then(settled('quick'))]);
  return { order, slow: s, quick: q };
}

const errorOf = async (response: Response) =>
  (await response.json()) as { data: null; error: { code: string; details: Record<string, unknown> } };

describe('heavy work off the event loop', () => {
  let server: Server;
  beforeAll(async () => {
    // A drawing's budget well short of the 80-province preview's 30 s: it is refused sooner, as it would be anyway;
    // a batch's well over what it takes on a machine under load, so it is answered.
    server = await start({ workers: 2, drawBudgetMs: 5_000, batchBudgetMs: 300_000, idleTimeoutMs: 600_000 });
    await server.ready;
  });
  afterAll(() => server.close());

  test('a list is answered while a batch of 1,000 junk addresses is being matched', async () => {
    const batch = post(server, '/v1/geocode/batch', junkBatch());
    // The list is asked for once the batch is being matched, and comes back before it.
    await poolBusy(server);
    const { order, slow, quick } = await firstOf(batch, get(server, '/v1/regions?limit=5&probe=batch'));
    expect(quick.status).toBe(200);
    expect(order).toEqual(['quick', 'slow']);
    expect(slow.status).toBe(200);
    const body = (await slow.json()) as { data: { status: string }[] };
    expect(body.data).toHaveLength(1000);
  });

  test('a list is answered while a detailed preview of an 80-province region is being drawn', async () => {
    const ids = await eightyProvinces(server);
    const preview = post(server, '/v1/regions?dry_run=true&geometry=detailed', {
      name: 'Everywhere',
      code: 'EVERY',
      province_ids: ids,
    });
    await poolBusy(server);
    const { order, slow, quick } = await firstOf(preview, get(server, '/v1/regions?limit=5&probe=preview'));
    expect(quick.status).toBe(200);
    expect(order).toEqual(['quick', 'slow']);
    // Drawn in full, or refused past its budget on a slow machine: never a frozen server, never a 500.
    expect([200, 503]).toContain(slow.status);
  });
});

describe('a task past its budget', () => {
  let server: Server;
  beforeAll(async () => {
    // One worker, so the one ended must have been replaced for the next task to be answered.
    server = await start({ workers: 1, batchBudgetMs: 1 });
    await server.ready;
  });
  afterAll(() => server.close());

  test('is a 503 timeout with Retry-After, its worker is replaced, and the server goes on answering', async () => {
    const refused = await post(server, '/v1/geocode/batch', junkBatch());
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await errorOf(refused)).toEqual({
      data: null,
      error: {
        code: 'timeout',
        message: expect.any(String),
        details: { budget_ms: 1, retry_after_seconds: expect.any(Number) },
      },
    });
    expect((await get(server, '/v1/regions?limit=3')).status).toBe(200);
    // The replacement worker draws a preview (the drawing's budget is the default).
    const ids = [(await provinceNamed(server, 'Albay')).id, (await provinceNamed(server, 'Sorsogon')).id];
    const preview = await post(server, '/v1/regions?dry_run=true', {
      name: 'Bikol Sur',
      code: 'BKS',
      province_ids: ids,
    });
    expect(preview.status).toBe(200);
  });
});

describe('the line for a worker', () => {
  let server: Server;
  beforeAll(async () => {
    // A budget no batch here comes near, so only the line refuses.
    server = await start({
      workers: 1,
      workerQueue: 1,
      batchBudgetMs: 300_000,
      drawBudgetMs: 300_000,
      idleTimeoutMs: 600_000,
    });
    await server.ready;
  });
  afterAll(() => server.close());

  test('past it a task is refused at once with 503 busy; the others are answered', async () => {
    // One runs, one waits (each sent once the one before is in the pool), the third finds the line full.
    const batches = await fillTheLine(server);
    const busy = await post(server, '/v1/geocode/batch', junkBatch());
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).not.toBeNull();
    expect((await errorOf(busy)).error.code).toBe('busy');
    expect((await Promise.all(batches)).map((b) => b.status)).toEqual([200, 200]);
  });

  test('a create is never refused for the line, nor waits behind it: its drawing has a worker of its own', async () => {
    const batches = await fillTheLine(server);
    // One batch runs, one waits: the line is full, and a third batch is refused.
    expect((await post(server, '/v1/geocode/batch', junkBatch())).status).toBe(503);
    const towns = (await (await get(server, '/v1/municities?province=Albay&limit=2')).json()) as {
      data: { id: string }[];
    };
    const albay = await provinceNamed(server, 'Albay');
    const created = await post(server, '/v1/provinces', {
      name: 'Line Province',
      code: 'LINEP',
      region_id: albay.region_id,
      municity_ids: towns.data.map((t) => t.id),
    });
    expect(created.status).toBe(201);
    expect((await Promise.all(batches)).map((b) => b.status)).toEqual([200, 200]);
  });
});

describe('writes while every geometry slot is held', () => {
  let server: Server;
  let dataDir: string;
  let fifo: string;

  // As in limits.test.ts: the detailed regions file is a named pipe, so a request for detailed region geometry
  // holds its slot until the test writes the file into it.
  beforeAll(async () => {
    ({ dataDir, fifo } = dataWithPipedRegions(DATA_DIR, 'kapuluan-pool-'));
    server = await start({ geometryBuilds: 1, workers: 1 }, dataDir);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('creates, renames and undos are answered, not refused busy', async () => {
    const held = get(server, '/v1/regions?geometry=detailed&limit=2');
    const writer = await fs.promises.open(fifo, 'w');
    try {
      // The slot is held: another geometry answer is refused.
      expect((await get(server, '/v1/provinces/7022?geometry=medium')).status).toBe(503);
      const region = await post(server, '/v1/regions', { name: 'Held Region', code: 'HELD' });
      expect(region.status).toBe(201);
      const { id } = (await region.json()) as { id: string };
      // A province that takes two towns draws its outline and its parent's at every detail, in the pool.
      const towns = (await (await get(server, '/v1/municities?province=Bohol&limit=2')).json()) as {
        data: { id: string; region_id?: unknown }[];
      };
      const regionId = (await provinceNamed(server, 'Bohol')).region_id;
      const province = await post(server, '/v1/provinces', {
        name: 'Held Province',
        code: 'HELDP',
        region_id: regionId,
        municity_ids: towns.data.map((t) => t.id),
      });
      expect(province.status).toBe(201);
      const renamed = await fetch(`${server.url}/v1/regions/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name: 'Held Region Two' }),
      });
      expect(renamed.status).toBe(200);
    } finally {
      await writer.writeFile(fs.readFileSync(path.join(DATA_DIR, 'geo/detailed/regions.json')));
      await writer.close();
    }
    expect((await held).status).toBe(200);
  });
});

describe('every key its share of the workers', () => {
  const [FLOOD, OTHER] = ['pool-flood-key-0123456789abcdefghijkl', 'pool-other-key-0123456789abcdefghijkl'];
  let server: Server;
  const as = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
  const batchAs = (key: string, body: unknown) =>
    fetch(`${server.url}/v1/geocode/batch`, { method: 'POST', headers: as(key), body: JSON.stringify(body) });

  beforeAll(async () => {
    // A region made of Aklan and Capiz, stored before the start: its outline is drawn then, by the writes' worker.
    const store = memoryStore({
      version: 1,
      regions: [
        {
          numericId: 100,
          stringId: 'region-pny',
          name: 'Panay Two',
          code: 'PNY',
          createdAt: '2025-01-01T00:00:00.000Z',
          members: ['0600400000', '0601900000'],
        },
      ],
      provinces: [],
    });
    server = await startHttpServer({
      port: 0,
      keys: envKeyRing({ read: [FLOOD, OTHER] }),
      store,
      limits: { workers: 2, workerQueue: 4, batchBudgetMs: 300_000, idleTimeoutMs: 600_000 },
    });
    await server.ready;
  });
  afterAll(() => server.close());

  test.skipIf(process.platform !== 'linux')('the workers run below the thread that answers', () => {
    const niceness = (task: string) =>
      Number(fs.readFileSync(`/proc/${process.pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const tasks = fs.readdirSync(`/proc/${process.pid}/task`);
    expect(niceness(String(process.pid))).toBe(0);
    // Two read workers and the writes' worker, at least.
    expect(tasks.filter((task) => niceness(task) === 10).length).toBeGreaterThanOrEqual(3);
  });

  test('one key’s flood of batches leaves another key a worker and room in the line', async () => {
    const flood = Array.from({ length: 6 }, () => batchAs(FLOOD, junkBatch()));
    // The flooding key has one running and two waiting: its share. The rest of its batches are refused.
    while (server.poolTasks() < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    const [other, geocoded, region] = await Promise.all([
      batchAs(OTHER, { addresses: ['Poblacion, Ibajay, Aklan'] }),
      fetch(`${server.url}/v1/geocode?q=${encodeURIComponent('Kalibo, Aklan, Panay')}`, { headers: as(OTHER) }),
      // The stored reorganization's outline needs no worker: it was drawn at the start.
      fetch(`${server.url}/v1/regions/region-pny?geometry=simple`, { headers: as(OTHER) }),
    ]);
    expect([other.status, geocoded.status, region.status]).toEqual([200, 200, 200]);
    expect(((await other.json()) as { data: { status: string }[] }).data[0].status).toBe('matched');
    const statuses = (await Promise.all(flood)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503]);
  });
});
