/**
 * A server that outlives its database. `npm run api` runs on a PostgreSQL of the test's own, with
 * creates and reads going on all along, while that PostgreSQL's LISTEN session is terminated, while it restarts,
 * and while it is stopped for about 6 s. The server must stay up; writes it cannot store must be 503
 * `unavailable` with Retry-After (never 500), reads must go on answering, every create answered 201 must be
 * stored exactly once, it must hold no more connections than its pool and LISTEN, and it must recover alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from './private-postgres.ts';
import { APPLICATION_NAME } from './sql.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KEY = 'outage-key';
const POOL_MAX = 4;
const bin = postgresBinaries();
if (!bin) {
  const why = 'no PostgreSQL binaries under /usr/lib/postgresql/<version>/bin (Debian: apt-get install postgresql)';
  if (process.env.CI) throw new Error(`CI runs the database outage test, but there are ${why}`);
  console.warn(`[tests] the database outage test is skipped: ${why}`);
}

interface Answer {
  kind: 'write' | 'read';
  code?: string;
  status: number;
  error?: string;
  retryAfter: string | null;
  at: number;
  ms: number;
}

/** Why the scenario cannot go on (the server ended), checked by every wait so none outlasts it. */
let ended: string | undefined;

/** Polls `probe` until it returns a value that is not undefined, or fails after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (ended) throw new Error(`the server ${ended} while waiting until ${what}`);
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`gave up after ${ms} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The TCP sockets process `pid` holds to `port` (Linux: its fds against /proc/net/tcp{,6}). */
function socketsTo(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {} // closed while we looked
  }
  let held = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (Number.parseInt(fields[2].split(':')[1], 16) === port && inodes.has(fields[9])) held++;
    }
  }
  return held;
}

function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess; said: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: String(POOL_MAX),
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_KEYS: KEY,
      RECORDS_FILE: '/nonexistent',
      WORKERS: '1', // one read worker: each builds the geocoder at start, and no case here needs two
      RATE_LIMIT_PER_SECOND: '0', // the load below is one key's, far past the default rate
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const said = () => printed;
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      printed += text;
      const listening = /service at (http:\/\/[^\s]+)\/v1/.exec(printed);
      if (listening) resolve({ base: listening[1], child, said });
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      printed += text;
    });
    child.once('exit', (code, signal) => reject(new Error(`npm run api exited (${code ?? signal}): ${printed}`)));
  });
}

/** Creates from three clients at once and reads from a fourth, each recorded, until stopped. */
function traffic(base: string) {
  const answers: Answer[] = [];
  let running = true;
  let next = 0;
  const call = async (kind: Answer['kind'], target: string, body?: unknown, code?: string) => {
    const sent = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(base + target, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await response.json()) as { error?: { code?: string } | null };
      const retryAfter = response.headers.get('retry-after');
      answer = { kind, code, status: response.status, error: json.error?.code, retryAfter, at: sent, ms: 0 };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = `${error}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
      answer = { kind, code, status: 0, error: why, retryAfter: null, at: sent, ms: 0 };
    }
    answer.ms = performance.now() - sent;
    answers.push(answer);
  };
  const pace = () => new Promise((resolve) => setTimeout(resolve, 20)); // a steady load, not a flood
  const writer = async () => {
    while (running) {
      const code = `OUT${next++}`;
      await call('write', '/v1/regions', { name: `Outage ${code}`, code }, code);
      await pace();
    }
  };
  const reader = async () => {
    for (let i = 0; running; i++) {
      await call('read', i % 2 ? '/v1/regions?limit=100' : '/v1/provinces?limit=5');
      await pace();
    }
  };
  const loops = [writer(), writer(), writer(), reader()];
  return {
    answers,
    /** Waits until `n` more creates have been answered 201 after now. */
    created: (n: number, what: string) => {
      const since = performance.now();
      return until(what, () => {
        const ok = answers.filter((a) => a.kind === 'write' && a.status === 201 && a.at >= since);
        return ok.length >= n ? ok : undefined;
      });
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(!bin)('a server whose PostgreSQL goes away', () => {
  let db: PrivatePostgres;
  let server: Awaited<ReturnType<typeof startServer>>;
  let load: ReturnType<typeof traffic>;
  const held: { when: string; count: number }[] = [];
  let sampling: NodeJS.Timeout | undefined;
  const started = performance.now();

  const sessions = () =>
    db.query<{ pid: number; query: string }>('select pid, query from pg_stat_activity where application_name = $1', [
      APPLICATION_NAME,
    ]);
  const listenSession = async () => (await sessions()).find((s) => /^listen /i.test(s.query))?.pid;

  // Within the tier's hook timeout (src/test/tiers.ts, 120 s), not a minute: npm test runs this tier beside the
  // whole country's data build, and a private PostgreSQL, a server and its geocoder took over 60 s to start there.
  beforeAll(async () => {
    db = await startPrivatePostgres(bin!);
    server = await startServer(db.url);
    // The geocoder's index is built after the server listens, on its event loop (about 1.3 s, past 10 s beside a
    // CPU hog, when requests sent meanwhile outlive HEADERS_TIMEOUT_MS and are reset): that is the edge's concern,
    // not this test's, so the load starts once it is built.
    const ready = await until(
      'the geocoder is built',
      () => /Geocoder ready in (\d+) ms/.exec(server.said())?.[1],
      110_000,
    );
    console.log(`[outage] the geocoder was built ${ready} ms after the start`);
    server.child.once('exit', (code, signal) => {
      ended = `ended (${code ?? signal})`;
    });
    load = traffic(server.base);
    // The sessions it holds, every 100 ms while PostgreSQL answers (failures while it is down are skipped).
    sampling = setInterval(() => {
      void sessions().then(
        (rows) => held.push({ when: 'pg_stat_activity', count: rows.length }),
        () => undefined,
      );
    }, 100);
  });

  afterAll(async () => {
    clearInterval(sampling);
    await load?.stop();
    server?.child.kill('SIGTERM');
    if (server && !ended) await new Promise((resolve) => server.child.once('exit', resolve));
    await db?.remove();
    console.log(`[outage] whole scenario ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  test('its LISTEN session ended by pg_terminate_backend mid-creates: it listens again, and goes on creating', async () => {
    await load.created(5, 'creates are answered');
    const first = await until('the server listens', listenSession);
    await db.query('select pg_terminate_backend($1)', [first]);
    const sent = performance.now();
    const again = await until('the server listens again', async () => {
      const pid = await listenSession();
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    console.log(`[outage] LISTEN back ${(performance.now() - sent).toFixed(0)} ms after pg_terminate_backend`);
    expect(again).not.toBe(first);
    await load.created(5, 'creates go on after LISTEN was cut');
    expect(ended).toBeUndefined();
  });

  test('a restart of PostgreSQL (pg_ctl restart -m fast) mid-creates does not end it', async () => {
    await load.created(5, 'creates are answered');
    const sent = performance.now();
    await db.restart();
    const back = performance.now();
    await load.created(1, 'a create succeeds after the restart');
    const refused = load.answers.filter((a) => a.status === 503 && a.at >= sent && a.at <= back).length;
    console.log(
      `[outage] restart took ${(back - sent).toFixed(0)} ms (${refused} writes answered 503 meanwhile); ` +
        `a create succeeded ${(performance.now() - back).toFixed(0)} ms after`,
    );
    await until('the server listens again', listenSession);
    expect(ended).toBeUndefined();
  });

  test('while PostgreSQL is stopped writes are 503 unavailable, reads 200, and it holds no more connections', async () => {
    await load.created(5, 'creates are answered');
    await db.stop();
    const down = performance.now();
    const saidBefore = server.said().length;
    const outage = () => load.answers.filter((a) => a.at >= down);
    // About 6 s down, sampling the sockets it holds to PostgreSQL's port.
    const sockets: number[] = [];
    while (performance.now() - down < 6000) {
      if (!ended) sockets.push(socketsTo(server.child.pid!, db.port));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const during = outage();
    const writes = during.filter((a) => a.kind === 'write');
    const reads = during.filter((a) => a.kind === 'read');
    const refused = writes.filter((a) => a.status === 503);
    // One reconnect loop with a backoff from 250 ms: about 5 tries in 6 s, where every failed try used to add two.
    const listenTries =
      server
        .said()
        .slice(saidBefore)
        .match(/could not listen again/g)?.length ?? 0;
    await db.start();
    const up = performance.now();
    await load.created(1, 'a create succeeds once PostgreSQL is back');
    const recovered = performance.now() - up;
    const listening = await until('the server listens again', listenSession);
    console.log(
      `[outage] 6 s down: ${writes.length} writes (${refused.length} answered 503, median ` +
        `${median(refused.map((a) => a.ms)).toFixed(0)} ms), ${reads.length} reads; at most ${Math.max(...sockets)} ` +
        `socket(s) to PostgreSQL, ${listenTries} LISTEN tries; first 201 ${recovered.toFixed(0)} ms after it was back, LISTEN ` +
        `${(performance.now() - up).toFixed(0)} ms after`,
    );
    expect(ended).toBeUndefined();
    expect(refused.length).toBeGreaterThan(0);
    expect(writes.filter((a) => a.status !== 503 && a.status !== 201)).toEqual([]);
    for (const answer of refused) {
      expect(answer.error).toBe('unavailable');
      expect(answer.retryAfter).toMatch(/^[1-9][0-9]*$/);
    }
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((a) => a.status !== 200)).toEqual([]);
    expect(Math.max(...sockets)).toBeLessThanOrEqual(POOL_MAX + 1);
    expect(listenTries).toBeLessThanOrEqual(8);
    expect(listening).toBeDefined();
  });

  test('all along: it stayed up, never answered 500, stored every 201 once, and held at most pool + 1 sessions', async () => {
    await load.stop();
    clearInterval(sampling);
    const { answers } = load;
    const writes = answers.filter((a) => a.kind === 'write');
    const created = writes.filter((a) => a.status === 201).map((a) => a.code!);
    const stored = await db.query<{ code: string; n: string }>(
      'select code, count(*) as n from created_regions group by code',
    );
    const times = new Map(stored.map((row) => [row.code, Number(row.n)]));
    const sessionsHeld = held.map((h) => h.count);
    console.log(
      `[outage] ${writes.length} writes: ${created.length} 201, ${writes.filter((a) => a.status === 503).length} 503; ` +
        `${answers.length - writes.length} reads; at most ${Math.max(...sessionsHeld)} sessions in ` +
        `${sessionsHeld.length} samples of pg_stat_activity`,
    );
    expect(ended).toBeUndefined();
    expect(server.child.exitCode).toBeNull();
    expect(answers.filter((a) => a.status !== 200 && a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.kind === 'read' && a.status !== 200)).toEqual([]);
    expect(created.filter((code) => times.get(code) !== 1)).toEqual([]);
    expect(Math.max(...sessionsHeld)).toBeLessThanOrEqual(POOL_MAX + 1);
  });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
