import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type Pace, trickle } from '../src/mocks/pace.ts';

/**
 * A relay in the test's own process that the page's slowed requests go by (page.route continues them to it, out of
 * the page's sight): it asks the API for the answer and passes its bytes on as they came (gzip included), at a
 * pace that can change within an answer (a link that fades after its first bytes), which Chromium's throttling
 * cannot do, and the rest at once when lifted, as the built-in service's slowed answers do: both trickle at the
 * same pace (src/mocks/pace.ts).
 */
export interface SlowRelay {
  /** Where the page's request to `target` goes instead, slowed under `id` at `pace` until lifted. */
  url(id: string, target: string): string;
  slow(id: string, pace: Pace): void;
  /** The answers under `id` arrive at full speed: those on their way send the rest at once. */
  lift(id: string): void;
  close(): Promise<void>;
}

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
        // The answer's stream, and the page's end of it, are given up together (and the request upstream with them).
        const slowed = trickle(Readable.toWeb(answer), () => paces.get(id));
        pipeline(Readable.fromWeb(slowed as NodeReadableStream<Uint8Array>), res, () => undefined);
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
