/**
 * bench:load's start window: `npm run api` asked one request after another (GET /readyz, a region list, a geocode
 * the stored answers do not hold) from the moment its port opens until it says it is ready and a few rounds
 * past, each on a connection of its own, as a balancer that adds a replica at "port open" would send them
 * (src/server/start-probe.ts). Prints when the first answer came and when it was ready, the failures (target
 * none) and the longest wait of a request in that window (target under 1 s on a quiet machine).
 */
import os from 'node:os';
import { getOnce, probeStart, spawnApi } from '../src/server/start-probe.ts';
import { percentile } from './percentile.ts';

const KEY = 'bench-start-admin-key-0123456789abcdef';
const GEOCODE = `/v1/geocode?q=${encodeURIComponent('Brgy. San Isidro, Cainta, Rizal')}`;

export async function startWindowPhase() {
  const load = os.loadavg()[0];
  // No rate limit: the requests come as fast as they are answered, all on one key.
  const server = await spawnApi({ ADMIN_KEYS: KEY, ACCESS_LOG: 'off', RATE_LIMIT_PER_SECOND: '0' });
  const { samples, firstAnswerMs, readyMs } = await probeStart(
    server,
    KEY,
    ['/readyz', '/v1/regions?limit=1', GEOCODE],
    {
      limitMs: 300_000,
    },
  );
  server.child.kill('SIGTERM');
  const status = await server.exited;
  const ready = readyMs ?? Number.NaN;
  const window = samples.filter((s) => s.at <= ready - firstAnswerMs);
  const failed = samples.filter((s) => s.error);
  const longest = samples.reduce((most, s) => (s.ms > most.ms ? s : most), samples[0]);
  const starting = samples.filter((s) => s.status === 503 && s.body?.error?.code === 'starting').length;
  console.log(`\n## the start window (load average ${load.toFixed(1)} when it began)\n`);
  console.log(
    `first answer ${(firstAnswerMs / 1000).toFixed(1)} s after the spawn, ready (GET /readyz 200) at ` +
      `${(ready / 1000).toFixed(1)} s; ${samples.length} requests from the first answer on, ${window.length} before ready`,
  );
  console.log(
    `wait per request: p50 ${percentile(
      samples.map((s) => s.ms),
      50,
    ).toFixed(1)} ms, p99 ${percentile(
      samples.map((s) => s.ms),
      99,
    ).toFixed(1)} ms, longest ${longest.ms.toFixed(0)} ms (${longest.target}); geocodes told 503 starting: ${starting}`,
  );
  console.log(
    `failures (a reset, a closed connection, no answer in 30 s): ${failed.length} (target 0: ${failed.length ? 'NOT met' : 'met'}); ` +
      `longest wait ${longest.ms.toFixed(0)} ms (target < 1000 ms on a quiet machine: ${longest.ms < 1000 ? 'met' : 'NOT met'}); ` +
      `SIGTERM: exited ${status}`,
  );
  // Nothing may be left listening.
  if ((await getOnce(server.port, '/healthz', KEY, 2000)).error !== 'ECONNREFUSED')
    console.log('the server still answers');
}
