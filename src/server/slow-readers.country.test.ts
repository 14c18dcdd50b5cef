/**
 * Clients that stop reading, over real sockets: each is dropped at the idle timeout, not twice it as
 * Node's own timer would, and however many there are, what they leave unread stays within the budget.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../service/store.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';

const KEY = 'slow-readers-key';
const MB = 1024 * 1024;
type Server = Awaited<ReturnType<typeof startTestServer>>;
const portOf = (server: Server) => Number(new URL(server.url).port);
/** Detailed GeoJSON of up to 20 regions, uncompressed: 12 to 14 MB, more than the kernel's buffers take. */
const large = (i: number) => `/v1/regions?geometry=detailed&limit=${20 - (i % 4)}`;

/** Polls until `check` holds, for what the server does in its own time. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends a GET for `target` and never reads the answer. */
function nonReader(server: Server, target: string) {
  const socket = net.connect(portOf(server), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`);
  return socket;
}

const fetchWhole = (server: Server, target: string) =>
  rawRequest(
    portOf(server),
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`),
    60_000,
  );

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

describe('a client that stops reading', () => {
  const IDLE = 3000;
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ keys: [KEY], store: memoryStore(), limits: { idleTimeoutMs: IDLE } });
    expect((await fetchWhole(server, large(0))).status).toBe(200); // built and cached: no build in the timing
  });
  afterAll(() => server.close());

  test('is dropped at the idle timeout after it took its last bytes, not twice it', async () => {
    const socket = nonReader(server, large(0));
    await until(() => server.unread().answers === 1, 'the answer is being written');
    // Seen once it began, so the time measured is at most the time it took.
    const began = performance.now();
    await until(async () => (await server.connections()) === 0, 'the stalled socket is dropped', 4 * IDLE);
    const took = performance.now() - began;
    console.log(
      `idle timeout ${IDLE} ms: a client that stopped reading was dropped ${Math.round(took)} ms after its answer began`,
    );
    socket.destroy();
    // Node's own timer waited about twice IDLE_TIMEOUT_MS; the check runs every quarter of it (750 ms here).
    expect(took).toBeLessThan(IDLE * 1.6);
    expect(server.unread()).toMatchObject({ answers: 0, bytes: 0, dropped: 1 });
  });
});

describe('forty clients that stop reading', () => {
  const BUDGET = 40 * MB;
  const CLIENTS = 40;
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      keys: [KEY],
      store: memoryStore(),
      limits: { idleTimeoutMs: 2000, unreadBytes: BUDGET },
    });
    // Four answers built and cached, so the forty are written at once rather than queued for geometry slots.
    for (let i = 0; i < 4; i++) expect((await fetchWhole(server, large(i))).status).toBe(200);
  });
  afterAll(() => server.close());

  test('leave at most the budget unread between them', async () => {
    const start = server.unread(); // the four answers read whole
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let unreadPeak = 0;
    const sockets: net.Socket[] = [];
    const settled = () => {
      const { written, refused } = server.unread();
      return written + refused;
    };
    // In waves of ten, each once the last is answered or refused, so some of the stalled are dropped for room.
    for (let wave = 0; wave < CLIENTS / 10; wave++) {
      const before = settled();
      for (let i = 0; i < 10; i++) sockets.push(nonReader(server, large(wave * 10 + i)));
      await until(() => settled() >= before + 10, `wave ${wave} answered or refused`);
      unreadPeak = Math.max(unreadPeak, server.unread().bytes);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      // A moment for the answers of this wave to count as stalled, so the next may drop them for room; the
      // bound asserted holds whichever way this goes.
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    const end = server.unread();
    const stats = {
      ...end,
      written: end.written - start.written,
      refused: end.refused - start.refused,
      dropped: end.dropped - start.dropped,
    };
    await until(async () => (await server.connections()) === 0, 'every stalled socket dropped', 20_000);
    for (const socket of sockets) socket.destroy();
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `${CLIENTS} clients that stop reading, budget ${mb(BUDGET)}: ${stats.written} large answers begun, ` +
        `${stats.refused} refused (503), ${stats.dropped} dropped for room so far; unread at most ${mb(stats.peak)} ` +
        `(seen ${mb(unreadPeak)}); rss ${mb(rssBefore)} before, ${mb(rssPeak)} at most, ${mb(rssAfter)} after`,
    );
    expect(stats.peak).toBeLessThanOrEqual(BUDGET);
    expect(unreadPeak).toBeLessThanOrEqual(BUDGET);
    // 40 answers of 12 to 14 MB would leave hundreds of MB unread: the budget had to act.
    expect(stats.refused + stats.dropped).toBeGreaterThan(0);
    expect(stats.written + stats.refused).toBe(CLIENTS);
    expect((await fetchWhole(server, large(0))).status).toBe(200);
  });
});
