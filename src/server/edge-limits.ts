/**
 * What keeps one client from taking the HTTP server for itself: timeouts on slow sockets, a cap on
 * connections, on geometry answers built at once, and on each key's requests a second. Each is per process:
 * behind a balancer with several replicas, each replica counts on its own.
 */
import os from 'node:os';
import { errorBody } from '../contract/error-body.ts';
import type { Refusal } from './request-gate.ts';

export interface EdgeLimits {
  /** From a connection's first byte (or its last answer) to the end of a request's headers: the slow loris. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body: a body trickled in. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait, idle, for its next request. */
  keepAliveTimeoutMs: number;
  /**
   * A socket with no traffic either way for this long is destroyed: above all one whose client stopped reading
   * its answer, which the timeouts above never see (they end once a request has arrived).
   */
  idleTimeoutMs: number;
  /** Open connections; Node closes any beyond this as soon as it is accepted, unanswered. */
  maxConnections: number;
  /**
   * Bytes of large answers written but not yet taken by their clients, all connections together; past it the
   * clients stalled longest are dropped, or a new large answer refused (unread-answers.ts).
   */
  unreadBytes: number;
  /** Geometry answers built at once; past this a request for another is a 503 (cached answers always go). */
  geometryBuilds: number;
  /** Worker threads that match batches and draw reorganized outlines (src/server/pool/). */
  workers: number;
  /** Tasks that may wait for a worker; past this a batch, preview or drawing is a 503 `busy` (a create's never). */
  workerQueue: number;
  /** A batch's time budget, from when it is handed to the pool; past it a 503 `timeout`, its worker replaced. */
  batchBudgetMs: number;
  /** An answer's drawing (a preview, a create, a reorganized region's geometry): the same, for outlines. */
  drawBudgetMs: number;
  /** Each worker's V8 old-space heap, in MB. */
  workerHeapMb: number;
  /** Each key's token bucket: `perSecond` sustained, up to `burst` at once; null for none. */
  rate: { perSecond: number; burst: number } | null;
}

/**
 * The defaults, and why each:
 * - headers in 10 s: a client on a bad mobile link sends its few hundred bytes of headers in well under a second;
 * - a request in 30 s: the largest body, a full 512 KB geocode batch, arrives in 30 s at 17 KB/s;
 * - kept alive 5 s idle: Node's own default, longer than the app's pauses between a view's requests;
 * - a socket idle 30 s: the slowest answer, a batch of 1,000 addresses, is built in under a second alone and a
 *   few under load, so 30 s of silence either way is a client that went away or stopped reading;
 * - 256 connections: each costs memory whether it asks or not; the app opens at most six per browser;
 * - 128 MB of answers not yet read: nine detailed GeoJSON answers sent uncompressed, forty gzipped, to clients
 *   that stopped reading them (browsers ask gzip and read as fast as the network goes); beside the 64 MB answer
 *   cache, it keeps the server within its 1 GB heap flag however many clients stop reading;
 * - 2 geometry answers per core, at least 4: a detailed one holds the main thread (JSON) and a zlib thread, and
 *   up to 14 MB of GeoJSON in memory; more at once only queues them behind each other (bench:load on 2 cores
 *   with 8 and no heap limit: 141 answers a second, against 139 to 185 over five runs with 4, and 1.3 GB);
 * - one worker per core (os.availableParallelism), at least 2, at most 8: each holds its own code list, geocoder's
 *   index and the polygon files it read (docs/configuration.md), and the main thread, which only parses and
 *   answers, shares the cores with them;
 * - 2 tasks waiting per worker: a batch takes about a second alone, so the last in line waits a few;
 * - 20 s for a batch, 25 s for an answer's drawing: a full batch of real addresses takes one to two seconds, and
 *   both stay under the 30 s idle timeout, which would otherwise drop the connection before the 503 is sent (a
 *   detailed preview of a region of 80 provinces takes about 30 s here, 27 s of it the one union: it is refused);
 * - 1 GB of heap per worker, as the main thread: a worker holds 0.14 GB after start (code list and index) and under
 *   0.6 GB at the peak of an 80-province detailed preview; past it the worker is ended, not the server;
 * - 50 requests a second per key, bursts of 100: opening a region in the app sends about ten requests at once
 *   (its province list and each of its at most 7 provinces' towns), so a browser, or the two Playwright workers
 *   of CI on the one development key, stay well inside it; a client looping on the API does not.
 */
const WORKERS = Math.min(8, Math.max(2, os.availableParallelism()));

export const DEFAULT_LIMITS: EdgeLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 256,
  unreadBytes: 128 * 1024 * 1024,
  geometryBuilds: Math.max(4, 2 * os.availableParallelism()),
  workers: WORKERS,
  workerQueue: 2 * WORKERS,
  batchBudgetMs: 20_000,
  drawBudgetMs: 25_000,
  workerHeapMb: 1024,
  rate: { perSecond: 50, burst: 100 },
};

/** Seconds a client told 503 is asked to wait: a geometry answer is built in well under a second. */
export const BUSY_RETRY_SECONDS = 1;

/**
 * The endpoints that build geometry when asked (src/service: regions, provinces, municities), after `/v1/`;
 * `municities/search` is routed before `municities/{id}` and reads no geometry.
 */
const GEOMETRY_PATHS = /^(regions|(regions|provinces|municities)\/[^/]+)\/?$/;

/**
 * Whether a request asks for geometry: a GET with `geometry=<level>` (a town's `geometry=true` too) on an
 * endpoint that reads it, or `POST /v1/regions/search`, whose geometry is `simple` unless its body says
 * otherwise. A bad level counts as well: it is refused at once, so it holds a slot only a moment.
 */
export function buildsGeometry(method: string, url: URL): boolean {
  // The server hands it the canonical path (src/contract/api-path.ts): `/v1/` is at its start or nowhere.
  if (!url.pathname.startsWith('/v1/')) return false;
  const tail = url.pathname.slice(4);
  // A search by codes, and a create's preview, draw outlines; a create itself is a write, which never
  // waits for the reads' slots: its drawing goes to the worker pool, where it is never refused.
  if (method === 'POST')
    return /^regions\/search\/?$/.test(tail) || (/^(regions|provinces)\/?$/.test(tail) && dryRun(url));
  if (method !== 'GET' && method !== 'HEAD') return false;
  const level = url.searchParams.get('geometry');
  const asked = level !== null && level !== '' && level !== 'false';
  return asked && GEOMETRY_PATHS.test(tail) && !/^municities\/search\/?$/.test(tail);
}

/** `?dry_run=` as the service reads it (src/service/reorganize/drawing.ts, isDryRun): anything but absent or `false` previews. */
const dryRun = (url: URL) => {
  const value = url.searchParams.get('dry_run');
  return value !== null && value !== 'false';
};

/**
 * Whether a request changes the created records: a create (not its preview), a PATCH or a DELETE on /v1. Writes
 * hold no geometry slot and their drawing is never refused as busy: under read load the creates were
 * refused `busy`, competing with the geometry answers for the same slots.
 */
export function isWrite(method: string, url: URL): boolean {
  const at = url.pathname.lastIndexOf('/v1/');
  if (at < 0) return false;
  const tail = url.pathname.slice(at + 4);
  if (method === 'PATCH' || method === 'DELETE') return /^(regions|provinces)\/[^/]+\/?$/.test(tail);
  return method === 'POST' && /^(regions|provinces)\/?$/.test(tail) && !dryRun(url);
}

/**
 * At most `size` holders at once, and at most half of them (rounded up) for one owner (a key), so one client,
 * a leaked key say, cannot hold them all while everyone else is refused. A taker that finds none free waits in
 * line, up to `waitMs` (1 s) and behind at most `size * 2` others; beyond either it is refused. The line is what lets
 * one person's map, which asks for several polygon answers at once, be served in turn rather than refused.
 */
export class Slots {
  private used = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly line: { owner: string; admit: () => void }[] = [];
  readonly perOwner: number;

  constructor(
    readonly size: number,
    readonly waitMs = 1000,
    readonly maxWaiting = size * 2,
  ) {
    this.perOwner = Math.max(1, Math.ceil(size / 2));
  }

  private free(owner: string) {
    return this.used < this.size && (this.byOwner.get(owner) ?? 0) < this.perOwner;
  }

  private hold(owner: string) {
    this.used += 1;
    this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
  }

  tryTake(owner: string): boolean {
    if (!this.free(owner)) return false;
    this.hold(owner);
    return true;
  }

  /** A slot now, or once one frees within `waitMs`; false if the line is full or the wait runs out. */
  take(owner: string): Promise<boolean> {
    if (this.tryTake(owner)) return Promise.resolve(true);
    if (this.line.length >= this.maxWaiting || this.waitMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = {
        owner,
        admit: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.line.splice(this.line.indexOf(entry), 1);
        resolve(false);
      }, this.waitMs);
      this.line.push(entry);
    });
  }

  release(owner: string) {
    const held = this.byOwner.get(owner) ?? 0;
    if (held <= 0) return;
    this.used -= 1;
    if (held === 1) this.byOwner.delete(owner);
    else this.byOwner.set(owner, held - 1);
    // the first in line whose owner may hold one more
    const next = this.line.findIndex((waiting) => this.free(waiting.owner));
    if (next >= 0) {
      const [waiting] = this.line.splice(next, 1);
      this.hold(waiting.owner);
      waiting.admit();
    }
  }

  get inUse() {
    return this.used;
  }

  get waiting() {
    return this.line.length;
  }
}

/**
 * A token bucket per key: each holds up to `burst` tokens and regains `perSecond` a second; a request takes
 * one. Only keys the server accepts reach it, so there are as many buckets as keys; the map is still bounded
 * (`maxKeys`, least recently used dropped, which only forgives that key its debt) should keys ever come from
 * a store with no end.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxKeys = 10_000,
    private readonly now = () => performance.now(),
  ) {}

  /** Takes a token for `key`: 0 when there was one, else the seconds until there is. */
  take(key: string): number {
    const now = this.now();
    const old = this.buckets.get(key);
    const bucket = old ?? { tokens: this.burst, at: now };
    if (old) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      bucket.at = now;
      this.buckets.delete(key);
    }
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / this.perSecond;
  }

  get size() {
    return this.buckets.size;
  }
}

export const rateLimited = (limiter: RateLimiter, wait: number): Refusal => {
  const seconds = Math.max(1, Math.ceil(wait));
  return {
    status: 429,
    body: errorBody('rate_limited', `This key is over ${limiter.perSecond} requests a second`, {
      limit_per_second: limiter.perSecond,
      burst: limiter.burst,
      retry_after_seconds: seconds,
    }),
    headers: { 'retry-after': String(seconds) },
  };
};

export const busy = (): Refusal => ({
  status: 503,
  body: errorBody('busy', 'Too many geometry answers are being built at once; try again shortly', {
    retry_after_seconds: BUSY_RETRY_SECONDS,
  }),
  headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
});

/**
 * How often Node looks for requests past their header or request timeout (`connectionsCheckingInterval`,
 * 30 s by default, which would let a slow loris live 30 s past a 10 s timeout): a quarter of the shorter
 * timeout, at most a second.
 */
export const checkingInterval = (limits: Pick<EdgeLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>) =>
  Math.max(10, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
