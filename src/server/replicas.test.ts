/**
 * Two `npm run api` processes on one PostgreSQL database behave as one service: what is created through one is
 * listed by the other, whose cached answers do not outlive the change, and a code can be created only once
 * between them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshPostgres, postgresReachable, type TestDatabase } from '../test/databases.ts';
import { caller } from '../test/http-call.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEY = 'replica-key';
const withPostgres = await postgresReachable();

/**
 * `npm run api` on a free port; resolves with its base URL once its geocoder is built: the build holds the event
 * loop for seconds on a busy machine, and a request sent meanwhile could outlast the headers timeout unread.
 */
function startReplica(url: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_KEYS: KEY,
      RECORDS_FILE: '/nonexistent',
      WORKERS: '1', // one read worker: each builds the geocoder at start, and no case here needs two
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      printed += text;
      const listening = /service at (http:\/\/[^\s]+)\/v1/.exec(printed);
      if (listening && /^Geocoder ready/m.test(printed)) resolve({ base: listening[1], child });
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      printed += text;
    });
    child.on('exit', (code) => reject(new Error(`npm run api exited with ${code}: ${printed}`)));
  });
}

/** A request to the replica at `base` with the admin key; a body makes it a POST. */
const call = (base: string, target: string, body?: unknown) => caller(base, KEY)(target, { body });
const codesListed = async (base: string) =>
  (await call(base, '/v1/regions?limit=100')).body.data.map((r: { short_code: string }) => r.short_code);

describe.skipIf(!withPostgres)('two servers on one PostgreSQL database', () => {
  let db: TestDatabase;
  let a: { base: string; child: ChildProcess };
  let b: { base: string; child: ChildProcess };
  beforeAll(async () => {
    db = await freshPostgres();
    [a, b] = await Promise.all([startReplica(db.url!), startReplica(db.url!)]);
    // Two servers building their geocoders at once: seconds on a quiet machine, far longer on a loaded one.
  }, 180_000);
  afterAll(async () => {
    for (const replica of [a, b]) replica?.child.kill('SIGTERM');
    await Promise.all([a, b].map((r) => r && new Promise((resolve) => r.child.once('exit', resolve))));
    await db?.drop();
  });

  test('a region created through one is listed by the other, not from a stale cached answer', async () => {
    expect(await codesListed(b.base)).not.toContain('REPA'); // b caches its list
    expect(await codesListed(b.base)).not.toContain('REPA');
    const created = await call(a.base, '/v1/regions', { name: 'Replicated', code: 'REPA' });
    expect(created.status).toBe(201);
    const sent = performance.now();
    await expect.poll(() => codesListed(b.base), { timeout: 2000, interval: 5 }).toContain('REPA');
    console.log(`[replicas] listed by the other server ${(performance.now() - sent).toFixed(0)} ms after the 201`);
    expect((await call(b.base, '/v1/regions/region-repa')).body.data).toMatchObject({ name: 'Replicated', id: 100 });
  });

  test('a province goes under a region the other server created, and each code is created once', async () => {
    await call(a.base, '/v1/regions', { name: 'Owner', code: 'REPB' });
    // at once, before b may have heard: b reads the records anew when it does not know the region
    const province = await call(b.base, '/v1/provinces', { name: 'Under', code: 'REPBP', region_id: 'region-repb' });
    expect(province.status).toBe(201);
    const again = await Promise.all([
      call(a.base, '/v1/regions', { name: 'Twice A', code: 'REPC' }),
      call(b.base, '/v1/regions', { name: 'Twice B', code: 'REPC' }),
    ]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(again.find((r) => r.status === 409)!.body.error).toMatchObject({ code: 'duplicate' });
    // both come to list the same records, whichever heard last
    const agree = async () => {
      const [onA, onB] = await Promise.all([codesListed(a.base), codesListed(b.base)]);
      return onA.includes('REPC') && JSON.stringify(onA) === JSON.stringify(onB);
    };
    await expect.poll(agree, { timeout: 2000, interval: 5 }).toBe(true);
    expect((await codesListed(a.base)).filter((c: string) => c === 'REPC')).toHaveLength(1);
  });
});
