/**
 * Ready means ready: `npm run api` in a process of its own, asked one request after another from the moment its
 * port opens. None fails after the first answer (no reset, no answer held past the request's timeout), GET /readyz
 * says not ready until the geocoder is built and ready from then on, what needs the geocoder before then is a 503
 * `starting` with Retry-After, and everything else is answered. Then SIGTERM: the answer being sent is finished, a
 * request that comes is refused 503 `stopping` with `Connection: close`, the port closes and the process ends 0.
 * Run beside `stress-ng --cpu 2` too (docs/testing.md); the longest wait is printed, never asserted.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOnce, probeStart, type StartedServer, spawnApi } from './start-probe.ts';

const KEY = 'ready-test-admin-key-0123456789abcdef';
/** An address no stored answer to a typed name holds: the geocoder itself answers it. */
const GEOCODE = `/v1/geocode?q=${encodeURIComponent('Brgy. San Isidro, Cainta, Rizal')}`;
const REGIONS = '/v1/regions?limit=1';

let server: StartedServer;
beforeAll(async () => {
  // No rate limit: the requests here come one after another as fast as they are answered, all on one key.
  server = await spawnApi({ ADMIN_KEYS: KEY, ACCESS_LOG: 'off', RATE_LIMIT_PER_SECOND: '0' });
});
afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

describe('npm run api from the moment its port opens', () => {
  test('answers every request after its first, and says ready only once it is', async () => {
    const { samples, firstAnswerMs, readyMs } = await probeStart(server, KEY, ['/readyz', REGIONS, GEOCODE], {
      limitMs: 300_000,
    });
    const longest = samples.reduce((most, s) => (s.ms > most.ms ? s : most));
    console.log(
      `[ready] first answer ${firstAnswerMs.toFixed(0)} ms after the spawn, ready ${readyMs?.toFixed(0)} ms; ` +
        `${samples.length} requests, the longest ${longest.ms.toFixed(0)} ms (${longest.target})`,
    );
    expect(samples.filter((s) => s.error)).toEqual([]);
    const of = (target: string) => samples.filter((s) => s.target === target);
    expect(new Set(of(REGIONS).map((s) => s.status))).toEqual(new Set([200]));
    // Not ready, then ready for good; each answer says why.
    const ready = of('/readyz');
    const firstReady = ready.findIndex((s) => s.status === 200);
    expect(firstReady).toBeGreaterThanOrEqual(0);
    for (const [i, s] of ready.entries()) {
      expect(s.status, `readyz #${i}`).toBe(i < firstReady ? 503 : 200);
      expect(s.body?.ready).toBe(s.status === 200);
      if (s.status === 503) expect(s.body?.checks?.geocoder && s.body?.checks?.workers).toBe(false);
    }
    // The geocoder's answers: 'starting', told when to come back, until it is built; answered from then on.
    const readySince = ready[firstReady].at;
    for (const s of of(GEOCODE)) {
      if (s.at > readySince) expect(s.status).toBe(200);
      else if (s.status !== 200) expect([s.status, s.body?.error?.code, s.retryAfter]).toEqual([503, 'starting', '2']);
    }
  }, 330_000);

  test('SIGTERM: the answer being sent is finished, a request that comes is refused, and it ends with 0', async () => {
    // A request begun (its head half sent) before the stop, finished after it.
    const late = connect(server.port);
    late.socket.write(`GET ${REGIONS} HTTP/1.1\r\nHost: x\r\n`);
    // A large answer being sent when the stop comes: its client reads the first bytes, then nothing for a while.
    const large = connect(server.port);
    large.socket.write(
      `GET /v1/regions?geometry=detailed&output=geojson&limit=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nAccept-Encoding: identity\r\n\r\n`,
    );
    await large.firstBytes;
    large.socket.pause();
    server.child.kill('SIGTERM');
    // It stops taking connections.
    while ((await getOnce(server.port, '/healthz', KEY, 5000)).error !== 'ECONNREFUSED') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    late.socket.write(`Authorization: Bearer ${KEY}\r\n\r\n`);
    const refused = parse(await late.ended);
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused.head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(refused.body).error.code).toBe('stopping');
    large.socket.resume();
    const sent = parse(await large.ended);
    expect(sent.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(Buffer.byteLength(sent.body)).toBe(Number(/\r\ncontent-length: (\d+)/i.exec(sent.head)?.[1]));
    expect(await server.exited).toBe(0);
  }, 120_000);
});

/** A connection, what it receives until the server closes it, and when its first bytes came. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let first: () => void = () => undefined;
  const firstBytes = new Promise<void>((resolve) => {
    first = resolve;
  });
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    first();
  });
  socket.on('error', () => undefined);
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks).toString())));
  return { socket, firstBytes, ended };
}

/** An answer's head and its body (chunks joined). */
const parse = (text: string) => {
  const at = text.indexOf('\r\n\r\n');
  const head = text.slice(0, at + 2);
  let body = text.slice(at + 4);
  if (/\r\ntransfer-encoding: chunked\r\n/i.test(head)) {
    let joined = '';
    for (let size = Number.parseInt(body, 16); size > 0; size = Number.parseInt(body, 16)) {
      const start = body.indexOf('\r\n') + 2;
      joined += body.slice(start, start + size);
      body = body.slice(start + size + 2);
    }
    body = joined;
  }
  return { head, body };
};
