/**
 * The edge's limits over real sockets: a key past its rate, geometry answers past their cap, slow
 * clients past their timeouts and connections past their cap are refused or dropped, nothing is created, and
 * the server goes on answering.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../service/store.ts';
import { dataWithPipedRegions } from '../test/piped-data.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';
import { DATA_DIR } from './disk.ts';
import type { EdgeLimits } from './edge-limits.ts';

const KEY = 'limits-test-key';
const OTHER = 'limits-other-key';
type Server = Awaited<ReturnType<typeof startTestServer>>;

const start = (limits: Partial<EdgeLimits>, dataDir?: string) =>
  startTestServer({ keys: [KEY, OTHER], store: memoryStore(), limits, dataDir });
const portOf = (server: Server) => Number(new URL(server.url).port);

/** A GET on a connection of its own, closed after the answer (no kept-alive socket counts against a cap). */
const get = (server: Server, target: string, key = KEY) =>
  rawRequest(
    portOf(server),
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`),
    10_000,
  );
const createRegion = (server: Server, code: string, key = KEY) => {
  const body = JSON.stringify({ name: `Region ${code}`, code });
  const head =
    `POST /v1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return rawRequest(portOf(server), Buffer.from(head + body), 10_000);
};
const regionCount = async (server: Server) =>
  JSON.parse((await get(server, '/v1/regions?limit=1', OTHER)).body).meta.total as number;

/** Polls until `check` holds, for what the server does in its own time (closing sockets). */
/**
 * Polls until a check holds. The deadline is only there to name what never happened: on a busy machine a
 * server's answer, or the timer that drops a socket, can come many seconds late, and that is not a failure.
 */
async function until(check: () => Promise<boolean>, what: string, timeout = 60_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** After each refusal: the server answers a keyed GET, and no region was created. */
async function stillServes(server: Server, regionsBefore: number) {
  const answer = await get(server, '/v1/regions?limit=3');
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).data).toHaveLength(3);
  expect(await regionCount(server)).toBe(regionsBefore);
}

const errorOf = (body: string) => JSON.parse(body) as { data: null; error: { code: string; details?: object } };

describe('the per-key rate limit', () => {
  let server: Server;
  // Three at once, then one token a hundred seconds: the fourth is refused however slow the machine.
  beforeAll(async () => {
    server = await start({ rate: { perSecond: 0.01, burst: 3 } });
  });
  afterAll(() => server.close());

  test('a key past its burst gets 429 with Retry-After in the error shape; another key is still answered', async () => {
    const before = await regionCount(server); // on OTHER's bucket
    for (let i = 0; i < 3; i += 1) expect((await get(server, '/v1/regions?limit=1')).status).toBe(200);
    const refused = await get(server, '/v1/regions?limit=1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(errorOf(refused.body)).toEqual({
      data: null,
      error: {
        code: 'rate_limited',
        message: expect.any(String),
        details: { limit_per_second: 0.01, burst: 3, retry_after_seconds: Number(refused.headers['retry-after']) },
      },
    });
    // A create on the spent key is refused before its body is read: nothing is created.
    const create = await createRegion(server, 'RATED');
    expect(create.status).toBe(429);
    expect(create.headers.connection).toBe('close');
    // A wrong key is still a 401, not a 429: the key is checked first.
    expect((await get(server, '/v1/regions', 'nope')).status).toBe(401);
    expect(await regionCount(server)).toBe(before);
    expect((await get(server, '/v1/regions?limit=1', OTHER)).status).toBe(200);
  });
});

describe('geometry answers built at once', () => {
  let server: Server;
  let dataDir: string;
  let fifo: string;

  // The data folder, with the detailed regions file a named pipe: a request for detailed region geometry
  // waits in the read until the test writes the file into the pipe, so it holds its slot as long as the test
  // wants, without a timer.
  beforeAll(async () => {
    ({ dataDir, fifo } = dataWithPipedRegions(DATA_DIR, 'kapuluan-limits-'));
    server = await start({ geometryBuilds: 1 }, dataDir);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('past the cap a geometry request is a 503 with Retry-After; cached answers, the same answer asked again and other requests wait or go on', async () => {
    const before = await regionCount(server);
    const cachedPath = '/v1/regions/13?geometry=simple';
    expect((await get(server, cachedPath)).status).toBe(200);

    const heldPath = '/v1/regions?geometry=detailed&limit=2';
    const held = get(server, heldPath);
    // Opening the pipe to write returns once the server has opened it to read: the first answer holds the slot.
    const writer = await fs.promises.open(fifo, 'w');
    // The same answer asked again waits for the one being built instead of building its own (or a 503).
    const twin = get(server, heldPath);
    let twinSettled = false;
    void twin.finally(() => {
      twinSettled = true;
    });
    try {
      const refused = await get(server, '/v1/provinces/7022?geometry=medium');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(errorOf(refused.body)).toEqual({
        data: null,
        error: { code: 'busy', message: expect.any(String), details: { retry_after_seconds: 1 } },
      });
      expect((await get(server, '/v1/municities/1380600?geometry=true')).status).toBe(503);
      // A cached geometry answer is not built, so it holds no slot.
      expect((await get(server, cachedPath)).status).toBe(200);
      await stillServes(server, before);
      expect(twinSettled).toBe(false);
    } finally {
      await writer.writeFile(fs.readFileSync(path.join(DATA_DIR, 'geo/detailed/regions.json')));
      await writer.close();
    }
    const first = await held;
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).data[0].geometry.type).toBe('MultiPolygon');
    expect((await twin).body).toBe(first.body);
    // The slot is free again once the answer is sent.
    expect((await get(server, '/v1/provinces/7022?geometry=medium')).status).toBe(200);
    await stillServes(server, before);
  });

  test('one key holds at most half the slots: another key still gets its geometry built', async () => {
    const shared = await start({ geometryBuilds: 2 }, dataDir);
    try {
      const before = await regionCount(shared);
      const held = get(shared, '/v1/regions?geometry=detailed&limit=3');
      const writer = await fs.promises.open(fifo, 'w');
      try {
        expect((await get(shared, '/v1/provinces/7022?geometry=medium')).status).toBe(503);
        expect((await get(shared, '/v1/provinces/7022?geometry=medium', OTHER)).status).toBe(200);
      } finally {
        await writer.writeFile(fs.readFileSync(path.join(DATA_DIR, 'geo/detailed/regions.json')));
        await writer.close();
      }
      expect((await held).status).toBe(200);
      await stillServes(shared, before);
    } finally {
      await shared.close();
    }
  });
});

describe('slow clients are timed out', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600, idleTimeoutMs: 400 });
  });
  afterAll(() => server.close());

  /** Connects and sends `text` a byte every 20 ms, for as long as the server keeps the socket open. */
  const trickle = (text: string) =>
    new Promise<{ answer: string }>((resolve) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(portOf(server), '127.0.0.1');
      let at = 0;
      const timer = setInterval(() => {
        if (socket.writable && at < text.length) socket.write(text[at++]);
      }, 20);
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer: Buffer.concat(chunks).toString('latin1') });
      });
    });

  test('headers sent a byte at a time (slow loris) get a 408 and the socket closed, nothing created', async () => {
    const before = await regionCount(server);
    const head = `POST /v1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n${'X-Pad: y\r\n'.repeat(50)}`;
    const { answer } = await trickle(head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"timeout"');
    await stillServes(server, before);
  });

  test('a body trickled in past the request timeout gets a 408 and the socket closed, nothing created', async () => {
    const before = await regionCount(server);
    const body = JSON.stringify({ name: 'Trickled', code: 'TRICKLED' }).padEnd(200, ' ');
    const head =
      `POST /v1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    const socket = net.connect(portOf(server), '127.0.0.1', () => socket.write(head));
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      const chunks: Buffer[] = [];
      let at = 0;
      const timer = setInterval(() => socket.writable && at < body.length && socket.write(body[at++]), 20);
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer: Buffer.concat(chunks).toString('latin1') });
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"timeout"');
    await stillServes(server, before);
  });

  test('a client that never reads its answer is dropped once the socket has been idle', async () => {
    const before = await regionCount(server);
    const socket = net.connect(portOf(server), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause(); // never reads: the answer (megabytes of GeoJSON, not gzipped) fills the buffers and stops
    socket.write(
      `GET /v1/regions?geometry=detailed&limit=20 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`,
    );
    await until(async () => (await server.connections()) >= 1, 'the connection is open');
    await until(async () => (await server.connections()) === 0, 'the server drops the stalled socket');
    socket.destroy();
    await stillServes(server, before);
  });
});

describe('kept-alive connections', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ keepAliveTimeoutMs: 200 });
  });
  afterAll(() => server.close());

  test('a connection idle after its answer is closed once the keep-alive timeout passes', async () => {
    const before = await regionCount(server);
    const socket = net.connect(portOf(server), '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.write(`GET /v1/regions?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`);
    // The idle timeout is 30 s and the header timeout 10 s: only keep-alive closes it within the test.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nConnection: keep-alive\r\n/i);
    await stillServes(server, before);
  });
});

describe('the connection cap', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ maxConnections: 2 });
  });
  afterAll(() => server.close());

  test('a connection past the cap is closed unanswered; once others close, the server answers again', async () => {
    const before = await regionCount(server);
    await until(async () => (await server.connections()) === 0, 'no connection left from the count');
    const held = [0, 1].map(() => net.connect(portOf(server), '127.0.0.1').on('error', () => undefined));
    await until(async () => (await server.connections()) === 2, 'both held connections open');
    const dropped = await rawRequest(
      portOf(server),
      Buffer.from(`GET /v1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`),
      5_000,
    );
    expect(dropped.status).toBeNull();
    for (const socket of held) socket.destroy();
    await until(async () => (await server.connections()) === 0, 'the held connections closed');
    await stillServes(server, before);
  });
});
