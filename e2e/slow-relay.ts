import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Pace, rateAt } from '../src/mocks/e2e-hook.ts';

/**
 * A relay in the test's own process that the page's slowed requests go by (page.route continues them to it, out of
 * the page's sight): it asks the API for the answer and passes its bytes on as they came (gzip included), at a
 * pace that can change within an answer (a link that fades after its first bytes), which Chromium's throttling
 * cannot do, and the rest at once when lifted, as the built-in service's slowed answers do (src/mocks/e2e-hook.ts).
 */
export interface SlowRelay {
  /** Where the page's request to `target` goes instead, slowed under `id` at `pace` until lifted. */
  url(id: string, target: string): string;
  slow(id: string, pace: Pace): void;
  /** The answers under `id` arrive at full speed: those on their way send the rest at once. */
  lift(id: string): void;
  close(): Promise<void>;
}

/** How often a slowed answer sends its next slice (a tenth of its rate). */
const TICK_MS = 100;

export async function startSlowRelay(): Promise<SlowRelay> {
  const paces = new Map<string, Pace>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const id = url.pathname.slice(1);
    const target = new URL(url.searchParams.get('to') ?? '');
    const upstream = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        void trickle(answer, res, () => paces.get(id));
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy()); // the page gave the request up
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (id, target) => `http://127.0.0.1:${port}/${id}?to=${encodeURIComponent(target)}`,
    slow: (id, pace) => paces.set(id, pace),
    lift: (id) => paces.delete(id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `from`'s bytes to `to`, a tenth of the pace's rate every TICK_MS; all at once while `pace()` is undefined. */
async function trickle(from: IncomingMessage, to: ServerResponse, pace: () => Pace | undefined) {
  let sent = 0;
  try {
    for await (const chunk of from as AsyncIterable<Buffer>) {
      let rest = chunk;
      while (rest.byteLength > 0 && !to.destroyed) {
        const now = pace();
        if (!now) {
          to.write(rest);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, TICK_MS));
        const part = rest.subarray(0, Math.max(1, Math.round((rateAt(now, sent) * TICK_MS) / 1000)));
        to.write(part);
        rest = rest.subarray(part.byteLength);
        sent += part.byteLength;
      }
      if (to.destroyed) return;
    }
    to.end();
  } catch {
    to.destroy();
  }
}
