import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { API_SERVER_COMMAND, apiServerEnv } from './env.ts';

/**
 * `npm run api` started for one journey, on a free port. The projects' servers are shared by every journey that
 * runs over HTTP, two at a time: a journey that moves the code list's own units (a region made of provinces) would
 * change what a journey beside it reads (a province gone from its region's list). Such a journey runs on a server of
 * its own, and the page is pointed at it through its run-time settings (config.js), as a deployment would be.
 */
export interface OwnServer {
  origin: string;
  /** The last lines it printed (its access log too): a failed journey attaches them. */
  printed(): string;
  /** Points the page at this server: its config.js names it. Call before the page loads. */
  serve(page: Page): Promise<void>;
  stop(): Promise<void>;
}

const freePort = async () => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port to listen on');
  return address.port;
};

/** Waits for GET /readyz to answer 200 (its geocoder built, every worker up), or for the server to end. */
async function ready(origin: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server of its own ended (${child.exitCode}):\n${log()}`);
    const status = await fetch(`${origin}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server of its own was not ready in ${timeoutMs / 1000} s:\n${log()}`);
}

export async function startOwnServer(appOrigin: string): Promise<OwnServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [command, ...args] = API_SERVER_COMMAND.split(' ');
  const child = spawn(command, args, {
    env: { ...process.env, ...apiServerEnv(port, appOrigin) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines it printed, to say why it did not start or what it answered before a journey failed.
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await ready(origin, child, () => lines.join('\n'), 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    stop,
    printed: () => lines.join('\n'),
    serve: async (page) => {
      await page.route('**/config.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          headers: { 'Cache-Control': 'no-store' },
          body: `window.kapuluanConfig = ${JSON.stringify({ apiBaseUrl: origin })};\n`,
        }),
      );
    },
  };
}
