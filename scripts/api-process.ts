/**
 * `npm run api` in a process of its own, for the benchmarks that time requests over HTTP: the server then runs on
 * its own thread, as a team runs it, not on the thread of the client that is timing it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ApiProcess {
  /** `http://127.0.0.1:<port>`, without `/v1`. */
  base: string;
  /** From spawning the process to its first answer to `GET /v1/regions`. */
  startupMs: number;
  /** Resolves once the server has built its geocoder's index (it prints "Geocoder ready"). */
  geocoderReady: Promise<void>;
  /** The server's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** What it printed to stdout so far. */
  printed(): string;
  /** Stops the server, waits for it to exit and removes its records file. */
  close(): Promise<void>;
}

/** A port free on loopback now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * Starts `npm run api` with `key` accepted. `env` is laid over this process's own environment (so DATABASE_URL
 * and the limits pass through) and over the port, key and records file chosen here.
 */
export async function startApiProcess(key: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const started = performance.now();
  const port = await freePort();
  const recordsFile = path.join(os.tmpdir(), `kapuluan-bench-${process.pid}-${port}.json`);
  // The access log is written, as a deployment's is, but to a file: this process keeps what the server prints.
  const accessLog = path.join(os.tmpdir(), `kapuluan-bench-${process.pid}-${port}.log`);
  // The heap limit npm run api sets (package.json, docs/service.md).
  const child = spawn(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      ADMIN_KEYS: key,
      RECORDS_FILE: recordsFile,
      PGLITE_DIR: 'memory://',
      ACCESS_LOG: accessLog,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  const geocoderReady = new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      printed += text;
      if (printed.includes('Geocoder ready')) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  // Ready when it answers, as Playwright's webServer waits for it; a process that exits first has failed.
  for (let ready = false; !ready; ) {
    if (child.exitCode !== null) throw new Error(`npm run api exited with ${child.exitCode}`);
    ready = await fetch(`${base}/v1/regions`, { headers: { authorization: `Bearer ${key}` } })
      .then((r) => r.ok)
      .catch(() => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    startupMs: performance.now() - started,
    geocoderReady,
    pid: child.pid ?? 0,
    printed: () => printed,
    async close() {
      child.kill();
      await exited;
      fs.rmSync(recordsFile, { force: true });
      fs.rmSync(accessLog, { force: true });
    },
  };
}
