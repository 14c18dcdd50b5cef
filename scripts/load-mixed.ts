/**
 * bench:load's first phases (scripts/bench-load.ts): the HTTP server under load, then under the same load with a
 * hostile client beside it. `npm run api` runs in its own process on loopback, with this process's environment passed through
 * (DATABASE_URL included). Each phase: 50 connections of mixed traffic for 20 s through autocannon; the second
 * adds unauthenticated large bodies, cache-busting detailed geometry and a flood of cheap lists on a key of its
 * own, slow-loris sockets and sockets that never read their answer. Prints throughput, latency per request
 * class, the statuses, and the server's peak memory. Asserts nothing.
 *
 * Keys: the 50 connections take turns over LOAD_KEYS keys (default 8: a deployment's few apps and teams, each
 * app's users sending its one key). One key for all 50 would measure the rate limit, not the server; 50 keys
 * would measure the answer cache, which keeps an answer per key. The limits are the server's defaults but the
 * ones set for the run, printed with the results: IDLE_TIMEOUT_MS is 5 s, so a stalled reader is seen dropped
 * within the 20 s phase (the default is 30 s). Any limit set in the environment wins.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import autocannon, { type Request } from 'autocannon';
import { startApiProcess } from './api-process.ts';
import { percentile } from './percentile.ts';

/** The mixed traffic alone and beside the hostile client, then the keyed list beside heavy work. */
export async function mixedPhases() {
  const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
  const CONNECTIONS = 50;
  const KEYS = Array.from({ length: Number(process.env.LOAD_KEYS ?? 8) }, (_, i) => `load-key-${i}`);
  const HOSTILE_KEY = 'hostile-key';
  const STALLED_KEY = 'stalled-key';

  const runEnv: Record<string, string> = { IDLE_TIMEOUT_MS: '5000' };
  for (const name of Object.keys(runEnv)) if (process.env[name]) runEnv[name] = process.env[name];
  const server = await startApiProcess(KEYS[0], {
    ADMIN_KEYS: [...KEYS, HOSTILE_KEY, STALLED_KEY].join(','),
    ...runEnv,
  });
  await server.geocoderReady;
  const url = new URL(server.base);
  const limitsLine = server.printed().match(/^Limits: .*$/m)?.[0] ?? '(no limits printed)';
  const storeLine = server.printed().match(/^Created records: .*$/m)?.[0] ?? '(no store printed)';

  // ---- what the traffic asks for, from the service itself ----
  const auth = (key = KEYS[0]) => ({ authorization: `Bearer ${key}` });
  const getJson = async (path: string) => {
    const response = await fetch(server.base + path, { headers: auth() });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.json();
  };
  const regions = (await getJson('/v1/regions?limit=100')).data as { id: number; code: string }[];
  const provinces = (await getJson('/v1/provinces?limit=200')).data as { id: string; name: string }[];
  const towns: string[] = [];
  for (const p of provinces.filter((_, i) => i % 8 === 0)) {
    const list = (await getJson(`/v1/municities?province=${encodeURIComponent(p.name)}&limit=5`)).data;
    towns.push(...list.map((t: { id: number }) => String(t.id)));
  }
  // Geocode text: towns and barangays as people write them, from the service's own search.
  const places = (await getJson('/v1/municities/search?q=san&limit=100')).data as { name: string }[];
  const queries = places.map((p, i) => (i % 2 ? p.name.toLowerCase() : `${p.name}, Philippines`));
  const batchBody = JSON.stringify({
    addresses: Array.from({ length: 100 }, (_, i) => `Poblacion, ${places[i % places.length].name}`),
  });

  // ---- per-class timing: autocannon gives one histogram. Each request notes its class in its connection's
  // context as it is built; a connection has one request in flight, so an answer's class is the last noted ----
  type Sample = { cls: string; status: number; ms: number };
  type Context = Record<string, unknown>;
  let samples: Sample[] = [];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  let turn = 0;
  /** The keys, taken in turn: each carries an equal share of the load. */
  const nextKey = () => KEYS[turn++ % KEYS.length];

  /** A keyed GET of class `cls`, its path made per send. */
  const keyed = (cls: string, path: () => string, key = nextKey): Request => ({
    method: 'GET',
    setupRequest: (req, context: Context) => {
      context.cls = cls;
      return { ...req, path: path(), headers: { ...auth(key()), 'accept-encoding': 'gzip' } };
    },
  });

  const READS: Request[] = [
    keyed('regions list', () => '/v1/regions?limit=20'),
    keyed('provinces list', () => `/v1/provinces?region_id=${pick(regions).code}`),
    keyed('municities list', () => `/v1/municities?province=${encodeURIComponent(pick(provinces).name)}&limit=50`),
    keyed('geometry simple', () => '/v1/regions?geometry=simple&output=geojson&limit=100'),
    keyed('regions list', () => '/v1/regions?limit=20'),
    keyed('geometry medium', () => `/v1/regions/${pick(regions).id}?geometry=medium`),
    keyed('geometry detailed', () => `/v1/provinces/${pick(provinces).id}?geometry=detailed`),
    keyed('barangay boundaries', () => `/v1/municities/${pick(towns)}?geometry=true`),
    keyed('geocode', () => `/v1/geocode?q=${encodeURIComponent(pick(queries))}&limit=5`),
  ];
  const BATCH: Request = {
    method: 'POST',
    setupRequest: (req, context: Context) => {
      context.cls = 'batch geocode';
      const headers = { ...auth(nextKey()), 'content-type': 'application/json', 'accept-encoding': 'gzip' };
      return { ...req, path: '/v1/geocode/batch', body: batchBody, headers };
    },
  };

  /**
   * Creates, a region and a province in turn, 3% of the mixed traffic (at that share they were refused
   * `busy`, competing with the geometry answers for the same slots). Each one empties the answer cache, so the
   * phase sees the rebuilds that follow.
   */
  let created = 0;
  const run = Date.now().toString(36).toUpperCase().slice(-4);
  const CREATE: Request = {
    method: 'POST',
    setupRequest: (req, context: Context) => {
      const n = (created++).toString(36).toUpperCase();
      const region = created % 2 === 1;
      context.cls = region ? 'create region' : 'create province';
      const body = region
        ? { name: `Load ${run} ${n}`, code: `L${run}${n}` }
        : { name: `Load ${run} ${n}`, region_id: pick(regions).code, code: `P${run}${n}` };
      const headers = { ...auth(nextKey()), 'content-type': 'application/json' };
      return { ...req, path: `/v1/${region ? 'regions' : 'provinces'}`, body: JSON.stringify(body), headers };
    },
  };
  /** 32 reads to a create: each connection goes through them in turn, so 3% of its requests are creates. */
  const MIXED: Request[] = [...Array.from({ length: 32 }, (_, i) => READS[i % READS.length]), CREATE];

  type Client = { requestIterator: { context: Context } };
  const cannon = (options: Parameters<typeof autocannon>[0]) => {
    const instance = autocannon({ timeout: 30, duration: SECONDS, ...options });
    instance.on('response', (client: Client, status: number, _bytes: number, ms: number) => {
      samples.push({ cls: String(client.requestIterator.context.cls), status, ms });
    });
    return instance;
  };

  /** The 50 connections: reads with 3% creates on 47, batch geocodes of 100 addresses on 3. */
  const normalTraffic = () => [
    cannon({ url: url.origin, connections: 47, requests: MIXED }),
    cannon({ url: url.origin, connections: 3, requests: [BATCH] }),
  ];

  // ---- the hostile client ----
  const junk = () => Math.random().toString(36).slice(2);
  const hostileTraffic = () => [
    // No key, a body just under the batch limit: refused on its head, the connection closed.
    cannon({
      url: url.origin,
      connections: 5,
      requests: [
        {
          method: 'POST',
          path: '/v1/geocode/batch',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ addresses: Array.from({ length: 1000 }, () => 'x'.repeat(480)) }),
          setupRequest: (req, context: Context) => {
            context.cls = 'hostile: unkeyed 480 KB body';
            return req;
          },
        },
      ],
    }),
    // A key of its own (leaked, or a runaway script): detailed geometry with a junk parameter, never cacheable;
    // and the same with made-up keys.
    cannon({
      url: url.origin,
      connections: 10,
      requests: [
        keyed(
          'hostile: cache-busting detailed',
          () =>
            pick([
              `/v1/regions?geometry=detailed&output=geojson&limit=100&_=${junk()}`,
              `/v1/provinces/${pick(provinces).id}?geometry=detailed&nocache=${junk()}`,
              `/v1/municities/${pick(towns)}?geometry=detailed&x=${junk()}`,
            ]),
          () => HOSTILE_KEY,
        ),
        keyed('hostile: junk-key detailed', () => `/v1/regions?geometry=detailed&limit=100&_=${junk()}`, junk),
      ],
    }),
    // The same key flooding a cheap list on 20 connections: the rate limit's work.
    cannon({
      url: url.origin,
      connections: 20,
      requests: [
        keyed(
          'hostile: flood on its key',
          () => `/v1/regions?limit=1&_=${junk()}`,
          () => HOSTILE_KEY,
        ),
      ],
    }),
  ];

  /** Sockets that send their headers a byte every 100 ms, reconnecting whenever the server closes one. */
  function slowLoris(count: number, until: number) {
    const stats = { opened: 0, closedByServer: 0, answered408: 0, lifetimes: [] as number[] };
    const head = `GET /v1/regions HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${KEYS[0]}\r\n${'X-Slow: 1\r\n'.repeat(200)}\r\n`;
    const open = () => {
      if (Date.now() >= until) return;
      stats.opened += 1;
      const opened = Date.now();
      const socket = net.connect(Number(url.port), url.hostname);
      let at = 0;
      const timer = setInterval(() => {
        if (Date.now() >= until) socket.destroy();
        else if (socket.writable && at < head.length) socket.write(head[at++]);
      }, 100);
      socket.on('data', (chunk) => {
        if (chunk.toString('latin1').startsWith('HTTP/1.1 408')) stats.answered408 += 1;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        if (Date.now() < until) {
          stats.closedByServer += 1;
          stats.lifetimes.push(Date.now() - opened);
          open();
        }
      });
    };
    for (let i = 0; i < count; i++) open();
    return stats;
  }

  const STALLED_PATH = '/v1/regions?geometry=detailed&output=geojson&limit=100';
  /**
   * Sockets that ask for the detailed regions (14 MB of GeoJSON, uncompressed, cached before the phase) and never
   * read them. A paused socket cannot see the server close it, so at the end of the phase each is read: one the
   * server dropped ends at once, short of its answer; one still open goes on receiving.
   */
  function nonReaders(count: number) {
    const request = `GET ${STALLED_PATH} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${STALLED_KEY}\r\n\r\n`;
    const sockets = Array.from({ length: count }, () => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
      socket.pause();
      socket.on('error', () => undefined);
      return socket;
    });
    return async () => {
      const ended = await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), 3000);
              socket.on('close', () => {
                clearTimeout(timer);
                resolve(true);
              });
              socket.resume();
            }),
        ),
      );
      for (const socket of sockets) socket.destroy();
      return { opened: count, droppedByServer: ended.filter(Boolean).length };
    };
  }

  // ---- the server's memory, from /proc ----
  const status = () => fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field: string) => Number(status().match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  /** CPU seconds the server has used (utime + stime, in clock ticks of 1/100 s: /proc/<pid>/stat fields 14, 15). */
  const serverCpu = () => {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const ownCpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  function watchMemory() {
    let peak = kb('VmRSS');
    const timer = setInterval(() => {
      peak = Math.max(peak, kb('VmRSS'));
    }, 100);
    return () => {
      clearInterval(timer);
      return Math.max(peak, kb('VmRSS'));
    };
  }

  // ---- warm-up: each class once, so the first phase does not time the files' first reads ----
  for (const request of READS) {
    const req = request.setupRequest?.({ ...request }, {}) ?? request;
    await fetch(server.base + req.path, { method: req.method, headers: req.headers, body: req.body }).then((r) =>
      r.arrayBuffer(),
    );
  }
  // The stalled clients' answer, cached for their key before they ask.
  await fetch(server.base + STALLED_PATH, { headers: auth(STALLED_KEY) }).then((r) => r.arrayBuffer());

  interface Phase {
    name: string;
    samples: Sample[];
    seconds: number;
    peakRssMb: number;
    serverCpuS: number;
    clientCpuS: number;
    slow?: ReturnType<typeof slowLoris>;
    stalled?: { opened: number; droppedByServer: number };
  }

  async function phase(name: string, hostile: boolean): Promise<Phase> {
    samples = [];
    const stopMemory = watchMemory();
    const [cpuBefore, ownBefore] = [serverCpu(), ownCpu()];
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const slow = hostile ? slowLoris(20, until) : undefined;
    const readStalled = hostile ? nonReaders(10) : undefined;
    await Promise.all([...normalTraffic(), ...(hostile ? hostileTraffic() : [])]);
    const seconds = (Date.now() - started) / 1000;
    const peakRssMb = stopMemory() / 1024;
    const [serverCpuS, clientCpuS] = [serverCpu() - cpuBefore, ownCpu() - ownBefore];
    return { name, samples, seconds, peakRssMb, serverCpuS, clientCpuS, slow, stalled: await readStalled?.() };
  }

  const quiet = await phase('without the hostile client', false);
  // The server's sockets from the first phase close (keep-alive 5 s) before the second starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loud = await phase('with the hostile client', true);

  const hwm = kb('VmHWM') / 1024;
  await server.close();

  // ---- heavy work beside a keyed list: the list's p95 alone, then while 1,000-address junk batches and
  // an 80-province detailed preview run. The list carries a changing parameter, so it is built each time, never
  // served from the answer cache. On a server of its own with the default limits but no rate limit: the phases
  // above shorten the idle timeout, which bounds every task's budget, and the list would measure the 429s ----
  const heavyServer = await startApiProcess(KEYS[0], {
    API_KEYS: KEYS.join(','),
    RATE_LIMIT_PER_SECOND: '0',
    ...(process.env.IDLE_TIMEOUT_MS ? { IDLE_TIMEOUT_MS: process.env.IDLE_TIMEOUT_MS } : {}),
  });
  await heavyServer.geocoderReady;
  const heavyUrl = new URL(heavyServer.base);
  const HEAVY_SECONDS = Number(process.env.HEAVY_SECONDS ?? 20);
  const junkBatchBody = JSON.stringify({
    addresses: Array.from({ length: 1000 }, (_, i) =>
      Array.from({ length: 40 }, (_, w) => `${(i * 7919 + w * 104729).toString(36)}q`)
        .join(' ')
        .slice(0, 300),
    ),
  });
  const eighty = provinces
    .map((p) => p.id)
    .filter((id) => id !== '13000')
    .slice(0, 80);
  let previews = 0;
  async function heavyLoop(cls: string, until: number, send: () => Promise<Response>) {
    while (Date.now() < until) {
      const started = performance.now();
      const response = await send();
      const text = await response.text();
      const code = response.status === 503 ? (JSON.parse(text) as { error: { code: string } }).error.code : '';
      samples.push({
        cls: code ? `${cls} (503 ${code})` : cls,
        status: response.status,
        ms: performance.now() - started,
      });
    }
  }
  const post = (path: string, body: string) =>
    fetch(heavyServer.base + path, {
      method: 'POST',
      headers: { ...auth(KEYS[1]), 'content-type': 'application/json' },
      body,
    });
  const LIST = 'keyed region list (not cached)';
  async function listPhase(name: string, heavy: boolean): Promise<Phase> {
    samples = [];
    const started = Date.now();
    const until = started + HEAVY_SECONDS * 1000;
    const list = cannon({
      url: heavyUrl.origin,
      connections: 4,
      duration: HEAVY_SECONDS,
      requests: [keyed(LIST, () => `/v1/regions?limit=20&_=${junk()}`)],
    });
    const work = heavy
      ? [
          heavyLoop('junk batch of 1,000', until, () => post('/v1/geocode/batch', junkBatchBody)),
          heavyLoop('junk batch of 1,000', until, () => post('/v1/geocode/batch', junkBatchBody)),
          heavyLoop('80-province detailed preview', until, () =>
            post(
              '/v1/regions?dry_run=true&geometry=detailed',
              JSON.stringify({
                name: `Preview ${run} ${previews}`,
                code: `V${run}${previews++}`,
                province_ids: eighty,
              }),
            ),
          ),
        ]
      : [];
    await Promise.all([list, ...work]);
    const seconds = (Date.now() - started) / 1000;
    return { name, samples, seconds, peakRssMb: Number.NaN, serverCpuS: Number.NaN, clientCpuS: Number.NaN };
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const listAlone = await listPhase('keyed list alone', false);
  const listHeavy = await listPhase('keyed list beside junk batches and an 80-province detailed preview', true);
  const heavyHwm = Number(
    fs.readFileSync(`/proc/${heavyServer.pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? Number.NaN,
  );
  await heavyServer.close();

  // ---- report ----
  const widths = [44, 7, 7, 8, 8, 8, 7, 6, 6, 6, 6];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  const isNormal = (s: Sample) => !s.cls.startsWith('hostile');

  function report({ name, samples, seconds, peakRssMb, serverCpuS, clientCpuS, slow, stalled }: Phase) {
    console.log(`\n## ${name} (${seconds.toFixed(1)} s)\n`);
    console.log(line(['class', 'n', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx', '4xx*', '429', '503', '5xx*']));
    const classes = [...new Set(samples.map((s) => s.cls))].sort(
      (a, b) => Number(a.startsWith('hostile')) - Number(b.startsWith('hostile')) || a.localeCompare(b),
    );
    for (const cls of classes) {
      const mine = samples.filter((s) => s.cls === cls);
      const ms = mine.map((s) => s.ms);
      const count = (test: (status: number) => boolean) => String(mine.filter((s) => test(s.status)).length);
      console.log(
        line([
          cls,
          String(mine.length),
          (mine.length / seconds).toFixed(0),
          percentile(ms, 50).toFixed(1),
          percentile(ms, 95).toFixed(1),
          percentile(ms, 99).toFixed(1),
          count((s) => s >= 200 && s < 300),
          count((s) => s >= 400 && s < 500 && s !== 429),
          count((s) => s === 429),
          count((s) => s === 503),
          count((s) => s >= 500 && s !== 503),
        ]),
      );
    }
    const normal = samples.filter(isNormal);
    if (Number.isNaN(peakRssMb)) return;
    console.log(
      `\nnormal traffic: ${(normal.length / seconds).toFixed(0)} answers/s; all answers: ${(samples.length / seconds).toFixed(0)}/s; ` +
        `server peak RSS ${peakRssMb.toFixed(0)} MB`,
    );
    console.log(
      `CPU: the server ${(serverCpuS / seconds).toFixed(2)} cores, this script (the clients) ${(clientCpuS / seconds).toFixed(2)} ` +
        `cores, of the machine's ${os.availableParallelism()}`,
    );
    if (slow) {
      console.log(
        `slow loris: ${slow.opened} sockets opened (20 at a time), ${slow.closedByServer} closed by the server ` +
          `(${slow.answered408} with a 408) after a median ${(percentile(slow.lifetimes, 50) / 1000).toFixed(1)} s`,
      );
    }
    if (stalled) {
      console.log(
        `never-reading clients: ${stalled.opened} sockets asked for 14 MB and read none of it; ` +
          `${stalled.droppedByServer} had been dropped by the server by the end of the phase`,
      );
    }
  }

  console.log(`\nnpm run bench:load: ${CONNECTIONS} connections for ${SECONDS} s per phase, server on loopback`);
  console.log(
    `server: ${limitsLine}; set for this run: ${Object.entries(runEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.log(`store: ${storeLine.replace('Created records: ', '')} (DATABASE_URL for PostgreSQL)`);
  console.log(
    "4xx* = 4xx other than 429; 5xx* = 5xx other than 503 (503 is the geometry cap's or the worker pool's busy answer, or a task past its budget)",
  );
  console.log(
    'The unkeyed bodies are answered 401 and their connections closed; autocannon times a request from its first ' +
      'send, across its reconnections, so their latency is not the server’s.',
  );
  report(quiet);
  report(loud);
  report(listAlone);
  report(listHeavy);

  const p95 = (phase: Phase, cls: string) =>
    percentile(
      phase.samples.filter((s) => s.cls === cls && s.status === 200).map((s) => s.ms),
      95,
    );
  const ratio = p95(loud, 'regions list') / p95(quiet, 'regions list');
  const failures = [...quiet.samples, ...loud.samples].filter((s) => s.status >= 500 && s.status !== 503).length;
  const normal503 = [...quiet.samples, ...loud.samples].filter((s) => isNormal(s) && s.status === 503).length;
  const normal429 = [...quiet.samples, ...loud.samples].filter((s) => isNormal(s) && s.status === 429).length;
  const peak = Math.max(hwm, quiet.peakRssMb, loud.peakRssMb);
  console.log('\n## verdict\n');
  console.log(
    `keyed region list p95: ${p95(quiet, 'regions list').toFixed(1)} ms alone, ${p95(loud, 'regions list').toFixed(1)} ms beside the hostile client: ${ratio.toFixed(2)}x (target <= 2x: ${ratio <= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `5xx other than 503: ${failures} (${failures === 0 ? 'none' : 'SOME'}); 503 to normal traffic: ${normal503}; 429 to normal traffic: ${normal429}`,
  );
  // The process's memory now includes the worker threads, each with a heap of its own: the main
  // thread's heap is still capped at 1 GB; the target is that plus 0.25 GB for each of the three workers.
  console.log(
    `server peak memory (VmHWM, worker threads included): ${hwm.toFixed(0)} MB; with the heavy work ` +
      `${(heavyHwm / 1024).toFixed(0)} MB (target < 1792 MB: ${Math.max(peak, heavyHwm / 1024) < 1792 ? 'met' : 'NOT met'})`,
  );
  const all = [...quiet.samples, ...loud.samples, ...listAlone.samples, ...listHeavy.samples];
  const createsBusy = all.filter((s) => s.cls.startsWith('create') && s.status === 503).length;
  const createsDone = all.filter((s) => s.cls.startsWith('create') && s.status === 201).length;
  const createsAll = all.filter((s) => s.cls.startsWith('create')).length;
  console.log(
    `creates: ${createsAll} sent, ${createsDone} answered 201, ${createsBusy} refused 503 (target 0: ${createsBusy === 0 ? 'met' : 'NOT met'})`,
  );
  const other5xx = all.filter((s) => s.status >= 500 && s.status !== 503).length;
  console.log(`5xx other than 503 in every phase: ${other5xx} (target 0: ${other5xx === 0 ? 'met' : 'NOT met'})`);
  const [alone95, heavy95] = [p95(listAlone, LIST), p95(listHeavy, LIST)];
  console.log(
    `keyed list p95 (not cached): ${alone95.toFixed(1)} ms alone, ${heavy95.toFixed(1)} ms beside the heavy work: ` +
      `+${(heavy95 - alone95).toFixed(1)} ms (target <= +100 ms: ${heavy95 - alone95 <= 100 ? 'met' : 'NOT met'})`,
  );
}
