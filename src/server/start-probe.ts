/**
 * `npm run api` started in a process of its own and asked, from the moment its port opens, one request after
 * another until it says it is ready and a little past: what a balancer that adds a replica at "port open" would
 * send it. Each request has a connection of its own (as a balancer's health check does), so a connection reset or
 * an answer held is the request's own. Used by ready.test.ts and npm run bench:load (scripts/load-start.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Sample {
  target: string;
  /** From sending to the end of the answer. */
  ms: number;
  /** Since the first answer. */
  at: number;
  status?: number;
  body?: { error?: { code?: string }; ready?: boolean; checks?: Record<string, boolean> };
  retryAfter?: string;
  /** A reset, a closed connection or a timeout. */
  error?: string;
}

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** What it printed on stdout and stderr. */
  said(): string;
  exited: Promise<number | null>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** `npm run api` (src/server/main.ts, its heap as npm run api gives it) with `env` over this one's. */
export async function spawnApi(env: Record<string, string>): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PGLITE_DIR: 'memory://', RECORDS_FILE: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (t) => (said += t));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, port, said: () => said, exited };
}

/** One GET on a connection of its own; never rejects. */
export function getOnce(port: number, target: string, key: string, timeoutMs: number): Promise<Omit<Sample, 'at'>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: target, agent: false, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let body: Sample['body'];
          try {
            body = JSON.parse(text);
          } catch {}
          const retryAfter = res.headers['retry-after'];
          resolve({ target, ms: performance.now() - started, status: res.statusCode, body, retryAfter });
        });
        res.on('error', (error) => resolve({ target, ms: performance.now() - started, error: error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ target, ms: performance.now() - started, error: error.code ?? error.message }),
    );
  });
}

/**
 * Asks `targets` in turn from before the port opens (refused connections there are waited out, 10 ms apart) until
 * GET /readyz has said ready and `after` more rounds are answered, or `limitMs` passes.
 */
export async function probeStart(
  server: StartedServer,
  key: string,
  targets: string[],
  { after = 3, limitMs = 120_000, timeoutMs = 30_000 } = {},
): Promise<{ samples: Sample[]; firstAnswerMs: number; readyMs: number | null }> {
  const begun = performance.now();
  let first: number | null = null;
  let readyAt: number | null = null;
  let rounds = 0;
  const samples: Sample[] = [];
  while (performance.now() - begun < limitMs && (readyAt === null || rounds < after)) {
    if (server.child.exitCode !== null) throw new Error(`npm run api exited: ${server.said()}`);
    for (const target of targets) {
      const answer = await getOnce(server.port, target, key, timeoutMs);
      if (first === null && answer.error === 'ECONNREFUSED') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      first ??= performance.now() - answer.ms;
      samples.push({ ...answer, at: performance.now() - first });
      if (target === '/readyz' && answer.status === 200) readyAt ??= performance.now();
    }
    if (readyAt !== null) rounds++;
  }
  return {
    samples,
    firstAnswerMs: first === null ? Number.NaN : first - begun,
    readyMs: readyAt === null ? null : readyAt - begun,
  };
}
