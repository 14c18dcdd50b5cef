/**
 * bench:load's fair-share phase: another key's traffic alone, then beside one read key's three floods, each sent
 * at the rate its limit lets through, as one user of a public read key could:
 *
 * - long geocodes of common names, each a new query (never from the answer cache): 45 a second, inside the key's
 *   50 (the rate at which, on the event loop, they put others' cached lists at a p95 of 2 s);
 * - batches of 1,000 junk addresses: 5 a second, the rest of the key's rate (each takes a worker for seconds);
 * - guesses at the flooding key's secret (`kap_<its id>_<random>`): 20 a second, four times what the key checks'
 *   throttle lets one client have checked.
 *
 * The other key reads the region list (`GET /v1/regions`, cached, as the app's first screen does) 20 times a
 * second and sends batches of 100 real addresses one after another. Target: its region list's p95 within 100 ms
 * of its figure alone, and every one of its batches answered (200). The keys are kept in a PGlite folder of the
 * run's own, so the guesses name a real key's id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { issueKey } from '../src/server/db/key-store.ts';
import { migrate } from '../src/server/db/migrations.ts';
import { pglite } from '../src/server/db/sql.ts';
import { startApiProcess } from './api-process.ts';
import { percentile } from './percentile.ts';

interface Sample {
  cls: string;
  status: number;
  ms: number;
}

const ADMIN = 'bench-fair-admin-key-0123456789abcdef';
const junk = () => Math.random().toString(36).slice(2);
const COMMON = ['san jose', 'poblacion', 'santo nino', 'san isidro', 'del pilar', 'santa maria', 'san roque'];
/** About 200 characters of common names, a new arrangement each time. */
const longQuery = () => {
  const words = Array.from({ length: 24 }, () => COMMON[Math.floor(Math.random() * COMMON.length)]);
  // Under GEOCODE_Q_MAX (200) with the word that makes each new.
  return `${words.join(' ').slice(0, 180)} ${junk()}`;
};
const junkBatch = JSON.stringify({
  addresses: Array.from({ length: 1000 }, (_, i) =>
    Array.from({ length: 40 }, (_, w) => `${(i * 7919 + w * 104729).toString(36)}q`)
      .join(' ')
      .slice(0, 300),
  ),
});

export async function fairSharePhase(seconds: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-bench-keys-'));
  const sql = await pglite(dir);
  await migrate(sql);
  const flood = await issueKey(sql, 'Flooding read key', 'read');
  const other = await issueKey(sql, 'Another read key', 'read');
  await sql.close();
  const server = await startApiProcess(ADMIN, { PGLITE_DIR: dir });
  await server.geocoderReady;
  const url = new URL(server.base).origin;
  const towns = (
    (await (await fetch(`${url}/v1/municities/search?q=san&limit=100`, { headers: bearer(other.key) })).json()) as {
      data: { name: string }[];
    }
  ).data.map((t) => t.name);
  const realBatch = JSON.stringify({
    addresses: Array.from({ length: 100 }, (_, i) => `Poblacion, ${towns[i % towns.length]}`),
  });

  let samples: Sample[] = [];
  let codes: string[] = [];
  const cannon = (connections: number, perSecond: number | undefined, cls: string, request: () => Request) => {
    const instance = autocannon({
      url,
      connections,
      ...(perSecond && { overallRate: perSecond }),
      duration: seconds,
      timeout: 30,
      requests: [
        {
          setupRequest: (req) => ({ ...req, ...request() }),
          // A refusal's code (busy, starting, rate_limited …) names its class.
          onResponse: (status, body) => {
            if (status >= 400) codes.push(`${cls} ${status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? ''}`);
          },
        },
      ],
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
      samples.push({ cls, status, ms }),
    );
    return instance;
  };
  const others = () => [
    cannon(2, 20, 'other key: GET /v1/regions', () => ({
      method: 'GET',
      path: '/v1/regions',
      headers: bearer(other.key),
    })),
    cannon(1, undefined, 'other key: batch of 100', () => ({
      method: 'POST',
      path: '/v1/geocode/batch',
      headers: { ...bearer(other.key), 'content-type': 'application/json' },
      body: realBatch,
    })),
  ];
  const floods = () => [
    cannon(8, 45, 'flood: geocode', () => ({
      method: 'GET',
      path: `/v1/geocode?q=${encodeURIComponent(longQuery())}`,
      headers: bearer(flood.key),
    })),
    cannon(4, 5, 'flood: batch of 1,000 junk', () => ({
      method: 'POST',
      path: '/v1/geocode/batch',
      headers: { ...bearer(flood.key), 'content-type': 'application/json' },
      body: junkBatch,
    })),
    cannon(8, 20, 'flood: guessed secret', () => ({
      method: 'GET',
      path: '/v1/regions',
      headers: bearer(
        `kap_${flood.id}_${Buffer.from(junk() + junk() + junk())
          .toString('base64url')
          .padEnd(43, 'x')
          .slice(0, 43)}`,
      ),
    })),
  ];
  const run = async (name: string, withFloods: boolean) => {
    samples = [];
    codes = [];
    const load = os.loadavg()[0];
    await Promise.all([...others(), ...(withFloods ? floods() : [])]);
    const phase = { name, samples, load, codes };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return phase;
  };
  const alone = await run('the other key alone', false);
  const beside = await run('the other key beside one read key’s geocode, batch and guess floods', true);
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });

  for (const phase of [alone, beside]) {
    console.log(`\n## ${phase.name} (${seconds} s; load average ${phase.load.toFixed(1)} when it began)\n`);
    const classes = [...new Set(phase.samples.map((s) => s.cls))].sort();
    for (const cls of classes) {
      const mine = phase.samples.filter((s) => s.cls === cls);
      const count = new Map<number, number>();
      for (const s of mine) count.set(s.status, (count.get(s.status) ?? 0) + 1);
      const statuses = [...count].map(([status, n]) => `${status}: ${n}`).join(', ');
      const ms = mine.map((s) => s.ms);
      console.log(
        `${cls.padEnd(44)} ${String(mine.length).padStart(7)}  p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms  ` +
          `p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms  (${statuses})`,
      );
    }
    const refusals = new Map<string, number>();
    for (const code of phase.codes) refusals.set(code, (refusals.get(code) ?? 0) + 1);
    if (refusals.size) console.log(`refusals: ${[...refusals].map(([code, n]) => `${code} × ${n}`).join('; ')}`);
  }
  const p95 = (phase: typeof alone) =>
    percentile(
      phase.samples.filter((s) => s.cls === 'other key: GET /v1/regions' && s.status === 200).map((s) => s.ms),
      95,
    );
  const batches = beside.samples.filter((s) => s.cls === 'other key: batch of 100');
  const answered = batches.filter((s) => s.status === 200).length;
  const [a, b] = [p95(alone), p95(beside)];
  console.log('\n## verdict, fair shares\n');
  console.log(
    `the other key's GET /v1/regions p95: ${a.toFixed(1)} ms alone, ${b.toFixed(1)} ms beside the floods: ` +
      `+${(b - a).toFixed(1)} ms (target <= +100 ms: ${b - a <= 100 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `the other key's batches beside the floods: ${answered} of ${batches.length} answered 200 ` +
      `(target all: ${batches.length && answered === batches.length ? 'met' : 'NOT met'})`,
  );
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
