/**
 * The little of a SQL client the store needs, over two engines that run the same SQL: PostgreSQL through `pg`
 * (DATABASE_URL) and PGlite, PostgreSQL compiled to WebAssembly and embedded in this process (the default, kept
 * in a folder, no server to run). Everything above this file is written once, against `Sql`.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Sql extends Queryable {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `heard` with each NOTIFY payload on `channel`, and `lost` when notifications may have been missed (a
   * dropped connection, once it is back). Resolves to a function that stops listening.
   */
  listen(channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** What it is, for the start-up message (no password). */
  readonly description: string;
}

/** A PostgreSQL error's SQLSTATE and constraint, whichever engine raised it. */
export const sqlState = (error: unknown) => (error as { code?: string }).code;
export const constraintOf = (error: unknown) => (error as { constraint?: string }).constraint;
export const UNIQUE_VIOLATION = '23505';

/** A URL with its password replaced, for messages. */
export const withoutPassword = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'a PostgreSQL server';
  }
};

/** PostgreSQL through a pool of `pg` connections; LISTEN holds one connection of its own. */
export async function postgres(url: string, options: { max?: number } = {}): Promise<Sql> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle pooled connection that the server drops must not take the process down; the next query reconnects.
  pool.on('error', (error) => console.error('[kapuluan db] an idle connection failed:', error.message));
  await pool.query('select 1'); // fail at start, with the reason, rather than on the first create
  const listeners = new Set<pg.Client>();
  return {
    description: `PostgreSQL at ${withoutPassword(url)}`,
    async query<Row>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as Row[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: async (text, params) => (await client.query(text, params)).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, heard, lost) {
      let stopped = false;
      let client: pg.Client | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) heard(message.payload ?? '');
        });
        next.on('error', () => undefined); // 'end' follows, and reconnects
        next.on('end', () => {
          listeners.delete(next);
          if (!stopped) setTimeout(() => void reconnect(), 500);
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
      };
      const reconnect = async () => {
        if (stopped) return;
        try {
          await connect();
          lost(); // whatever was notified while the connection was down
        } catch (error) {
          console.error('[kapuluan db] could not listen again, retrying:', (error as Error).message);
          setTimeout(() => void reconnect(), 2000);
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      for (const client of listeners) await client.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/**
 * PGlite in `dir` (`memory://` for one that keeps nothing). One process at a time may open a folder: PGlite
 * has no server to share it, and two writers would corrupt it, so a lock file beside it names the process
 * that holds it.
 */
export async function pglite(dir: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => undefined : lockFolder(dir);
  let db: InstanceType<typeof PGlite>;
  try {
    if (!inMemory) fs.mkdirSync(dir, { recursive: true });
    db = await PGlite.create(dir);
  } catch (error) {
    release();
    throw error;
  }
  return {
    description: inMemory ? 'PGlite in memory' : `PGlite in ${dir}`,
    async query<Row>(text: string, params?: unknown[]) {
      return (await db.query<Row>(text, params)).rows;
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          async query<Row>(text: string, params?: unknown[]) {
            return (await tx.query<Row>(text, params)).rows;
          },
        }),
      ),
    async listen(channel, heard) {
      const stop = await db.listen(channel, heard);
      return async () => stop();
    },
    async close() {
      await db.close();
      release();
    },
  };
}

/** Takes `<dir>.lock` for this process, or throws naming the live process that has it. */
function lockFolder(dir: string): () => void {
  const lock = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `${dir} is open in process ${holder}: PGlite serves one process; stop it, or share a PostgreSQL server (DATABASE_URL)`,
        );
      }
      fs.rmSync(lock, { force: true }); // left by a process that has ended
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
