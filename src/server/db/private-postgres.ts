/**
 * For tests that stop and restart PostgreSQL: a server of their own, in a temporary folder on a free port, so the
 * shared test server (KAPULUAN_TEST_DATABASE_URL) that other tests use at the same time is never touched. Uses
 * Debian's binaries (/usr/lib/postgresql/<version>/bin); as root they run as the postgres user, since PostgreSQL
 * refuses to run as root.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The newest PostgreSQL's bin folder with initdb and pg_ctl, or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl')));
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** One query on a connection of its own (named `kapuluan-test`, so it is not counted as the server's). */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** pg_ctl: stop and restart with `-m fast` (every session is ended with 57P01), start; each waits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const idOfPostgres = async (flag: '-u' | '-g') => Number((await run('id', [flag, 'postgres'], os.tmpdir())).trim());

/** Runs a command to its exit (not the close of its pipes: pg_ctl leaves the postmaster running). */
function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    child.stdout.on('data', (chunk) => {
      said += chunk;
    });
    child.stderr.on('data', (chunk) => {
      said += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(said) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${said}`)),
    );
  });
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chownSync(root, await idOfPostgres('-u'), await idOfPostgres('-g'));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], root)
      : run(path.join(bin, tool), args, root);
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // Its socket in its own folder; fsync off, since no test here crashes it and a CPU hog beside it slows it enough.
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${root}'\nfsync = off\n`,
  );
  const pgCtl = (...args: string[]) => pgRun('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]).then(() => undefined);
  await pgCtl('-l', path.join(root, 'log'), 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async query<Row>(text: string, params?: unknown[]) {
      const client = new pg.Client({ connectionString: url, application_name: 'kapuluan-test' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query(text, params)).rows as Row[];
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start: () => pgCtl('-l', path.join(root, 'log'), 'start'),
    restart: () => pgCtl('-m', 'fast', '-l', path.join(root, 'log'), 'restart'),
    async remove() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
