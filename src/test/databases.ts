/**
 * Databases for the store's tests: PGlite (in memory or in a temporary folder) and, where one answers, a real
 * PostgreSQL server, each test on a database of its own. `npm test` starts PostgreSQL on loopback first
 * (scripts/ensure-postgres.sh); without one the PostgreSQL cases are skipped, with a warning, except in CI,
 * where they fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../server/db/migrations.ts';
import { pglite, postgres, type Sql } from '../server/db/sql.ts';

export const TEST_DATABASE_URL =
  process.env.KAPULUAN_TEST_DATABASE_URL ?? 'postgres://kapuluan_test:kapuluan_test@127.0.0.1:5432/postgres';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/kapuluan/', import.meta.url));

let reachable: Promise<boolean> | undefined;

/** Whether the test PostgreSQL server answers; in CI it must. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env.CI) {
        throw new Error(`CI runs the PostgreSQL store tests, but ${TEST_DATABASE_URL} does not answer: ${error}`);
      }
      console.warn(`[tests] no PostgreSQL at ${TEST_DATABASE_URL}: its store tests are skipped`);
      return false;
    }
  })();
  return reachable;
}

export interface TestDatabase {
  /** Opens a connection to it, as one more server would. */
  open(): Promise<Sql>;
  /** A URL for a server process (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database on the test server; `drop` removes it. */
export async function freshPostgres(): Promise<TestDatabase> {
  const name = `kapuluan_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const opened: Sql[] = [];
  return {
    url: url.toString(),
    async open() {
      const sql = await postgres(url.toString(), { max: 4 });
      opened.push(sql);
      return sql;
    },
    async drop() {
      for (const sql of opened) await sql.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        // WITH (FORCE) ends the sessions still on the database; an autovacuum worker among them only a member of
        // pg_signal_backend may end, which scripts/ensure-postgres.sh grants the test's role on this machine's
        // cluster, whenever it runs as root. A fallback for a server it cannot reach (another machine, or run
        // without root): such a session is soon gone by itself, so the drop is tried again for a few seconds.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if (attempt >= 20 || (error as { code?: string }).code !== '42501') throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

let template: Promise<string> | undefined;

/**
 * An empty PGlite folder, made once per PGlite version and kept in node_modules/.cache/kapuluan/ for every test
 * process and run after. A new folder runs initdb in WebAssembly, 3.5-4 s of CPU each time; a copy of this one opens
 * in 0.3 s, to the same empty cluster. It is made in a folder of its own and renamed into place, so a process never
 * copies one half made, and where two processes make it at once the second's is thrown away.
 */
export function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const manifest = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
    const dir = path.join(CACHE, `pglite-template-${version}`);
    if (fs.existsSync(dir)) return dir;
    fs.mkdirSync(CACHE, { recursive: true });
    const making = fs.mkdtempSync(path.join(CACHE, 'pglite-template-making-'));
    try {
      await (await pglite(making)).close();
      fs.renameSync(making, dir);
    } catch (error) {
      if (!fs.existsSync(dir)) throw error;
    } finally {
      fs.rmSync(making, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
}

/**
 * PGlite in a temporary folder (under `parent`, the system's by default): opened again after closing, it is what a
 * restart reads. One process at a time.
 */
export function freshPglite(parent = os.tmpdir()): TestDatabase & { dir: string } {
  const root = fs.mkdtempSync(path.join(parent, 'kapuluan-pglite-'));
  const dir = path.join(root, 'db');
  let current: Sql | undefined;
  return {
    dir,
    async open() {
      await current?.close();
      if (!fs.existsSync(dir)) fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
      current = await pglite(dir);
      return current;
    },
    async drop() {
      await current?.close().catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Opens and migrates. */
export async function migrated(db: TestDatabase): Promise<Sql> {
  const sql = await db.open();
  await migrate(sql);
  return sql;
}
