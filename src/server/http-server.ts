import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { getResponse } from 'msw';
import { apiPath } from '../contract/api-path.ts';
import { errorBody } from '../contract/error-body.ts';
import { VINTAGE_HEADER } from '../contract/vintage.ts';
import { createHandlers } from '../mocks/handlers/index.ts';
import type { ApiFlavour, RegionShape } from '../service/context.ts';
import { bearerToken, type KeyRing, openKeyRing } from '../service/keys.ts';
import { Service } from '../service/service.ts';
import type { RecordStore } from '../service/store.ts';
import { type AccessLog, watchRequest } from './access-log.ts';
import { cacheable } from './cacheable.ts';
import { DATA_DIR, diskDataSource } from './disk.ts';
import {
  corsHeaders,
  DEV_ORIGINS,
  joinVary,
  normalOrigin,
  SECURITY_HEADERS,
  WWW_AUTHENTICATE,
} from './edge-headers.ts';
import {
  buildsGeometry,
  busy,
  checkingInterval,
  DEFAULT_LIMITS,
  type EdgeLimits,
  isWrite,
  RateLimiter,
  rateLimited,
  Slots,
} from './edge-limits.ts';
import { Flights } from './flights.ts';
import { healthAnswer, isHealthPath, Readiness, stopping } from './health.ts';
import { answerClientError, closeSoon, readBody, requestUrl, writeRaw } from './http-request.ts';
import { announcesBody, bodyLimit, refuseEarly, tooLarge } from './request-gate.ts';
import { type CachedAnswer, cacheKey, ResponseCache } from './response-cache.ts';
import { noRoom, UnreadAnswers } from './unread-answers.ts';
import { asCaller, WorkPool } from './work-pool.ts';

const gzipAsync = promisify(gzip);

export interface HttpServerOptions {
  port: number;
  host?: string;
  /** Read and admin keys (src/service/keys.ts), or a list of keys that may do everything (tests). */
  keys: string[] | KeyRing;
  store: RecordStore;
  regionShape?: RegionShape;
  /** `live`: answers shaped as the live service's documentation shows (API_FLAVOUR=live). */
  apiFlavour?: ApiFlavour;
  dataDir?: string;
  /** Origins whose pages may read the answers (CORS); by default the dev server's. */
  corsOrigins?: string[];
  /** The answer cache (a test passes a small one to watch it). */
  cache?: ResponseCache;
  /**
   * Timeouts, connection, geometry and rate caps; each one not given is its default (DEFAULT_LIMITS), but for
   * the rate limit, which is off unless given: `npm run api` gives it (limitsAtStart), and tests that send
   * hundreds of requests a second on one key are not about it.
   */
  limits?: Partial<EdgeLimits>;
  /** Where each request's line goes (access-log.ts); none by default. Its owner closes it. */
  accessLog?: AccessLog | null;
  /** Resolves while the database answers, for GET /readyz (health.ts); none for a store in memory. */
  database?: () => Promise<unknown>;
}

/** Methods fetch's Request refuses to carry; no endpoint takes them. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The /v1 service over real HTTP: the same msw handlers, answered through msw's getResponse. */
export async function startHttpServer(options: HttpServerOptions) {
  const keys = Array.isArray(options.keys) ? openKeyRing(options.keys) : options.keys;
  const limits: EdgeLimits = { ...DEFAULT_LIMITS, rate: null, ...options.limits };
  // Geocodes, batches and reorganized outlines are worked out in worker threads, not on this event loop.
  const pool = new WorkPool(options.dataDir ?? DATA_DIR, limits);
  const service = await Service.create({
    source: diskDataSource(options.dataDir ?? DATA_DIR),
    matcher: pool.matcher,
    search: pool.search,
    outlines: pool.outlines,
    store: options.store,
    keys,
    regionShape: options.regionShape,
    apiFlavour: options.apiFlavour,
  }).catch(async (error: unknown) => {
    await pool.close(); // its threads would keep a process that failed to start alive
    throw error;
  });
  // The stored reorganizations' outlines, drawn before it listens (by the writes' worker, which builds no index):
  // no region answer then waits for one, nor is refused while the read workers are busy or starting.
  await asCaller({ owner: 'start', write: true }, () => service.drawReorganized()).catch((error: unknown) =>
    console.error('[kapuluan api] the stored reorganizations could not be drawn at start; drawn when asked:', error),
  );
  const readiness = new Readiness(pool, options.database);
  const handlers = createHandlers(async () => service);
  const cache = options.cache ?? new ResponseCache();
  const origins = new Set((options.corsOrigins ?? DEV_ORIGINS).map(normalOrigin));
  let port = options.port;
  const geometrySlots = new Slots(limits.geometryBuilds);
  const limiter = limits.rate && new RateLimiter(limits.rate.perSecond, limits.rate.burst);
  const flights = new Flights<CachedAnswer>();
  // Large answers go out as their clients read them; one that stops is dropped at the idle timeout, and
  // what they all leave unread stays within a budget.
  const unread = new UnreadAnswers(limits.unreadBytes, limits.idleTimeoutMs);

  // The response being answered on each connection, for a parse error that comes in the middle of its body.
  const answering = new WeakMap<Duplex, http.ServerResponse>();

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, expectsContinue: boolean) => {
    answering.set(req.socket, res);
    res.on('finish', () => answering.delete(req.socket));
    const logged = watchRequest(options.accessLog, req, res);
    const edge: Record<string, string> = {
      ...SECURITY_HEADERS,
      ...corsHeaders(req.headers.origin, origins),
      // The edge's own refusals (a bad key, a body too large, too many requests) name the code list as the
      // service's answers do (src/contract/vintage.ts): the data is loaded before the server listens.
      [VINTAGE_HEADER]: service.ctx.vintage,
      // Stopping: each answer is the connection's last.
      ...(readiness.stopping && { connection: 'close' }),
    };
    const reply = ({ status, headers, body }: CachedAnswer) => {
      if (!unread.admit(body.length)) {
        const refused = noRoom();
        return send(refused.status, refused.body, refused.headers);
      }
      const vary = joinVary(headers.vary, edge.vary);
      res.writeHead(status, { ...headers, ...edge, ...(vary && { vary }), ...(status === 401 && WWW_AUTHENTICATE) });
      logged.bytes = body.length;
      unread.send(res, body);
    };
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (res.headersSent) return; // already answered (a framing error while the body was read)
      res.writeHead(status, { 'content-type': 'application/json', ...edge, ...headers });
      const text = body === undefined ? undefined : JSON.stringify(body);
      logged.bytes = text === undefined ? 0 : Buffer.byteLength(text);
      res.end(text);
    };
    let holdsSlot = false;
    let token: string | undefined;
    let flight: ((made: CachedAnswer | null) => void) | undefined;
    try {
      if (req.method === 'OPTIONS') {
        // A preflight is how a browser asks leave for another site's page; an origin not listed is refused.
        if (req.headers.origin !== undefined && !origins.has(req.headers.origin)) {
          return send(403, errorBody('forbidden_origin', 'This origin may not call the API from a browser'));
        }
        return send(204, undefined);
      }
      if (req.httpVersion === '1.1' && req.headers.host === undefined) {
        return send(400, errorBody('invalid_request', 'An HTTP/1.1 request needs a Host header'));
      }
      const url = requestUrl(req, port);
      if (!url) return send(400, errorBody('invalid_request', 'The request target is not a valid URL'));
      const method = req.method ?? 'GET';
      if (isHealthPath(url.pathname) && (method === 'GET' || method === 'HEAD')) {
        const health = await healthAnswer(url.pathname, readiness);
        return send(health.status, health.body, health.headers);
      }
      // Stopping (SIGTERM): what is being answered is finished; nothing new is begun.
      if (readiness.stopping) {
        const { status, body, headers } = stopping();
        return send(status, body, headers);
      }
      // One spelling of each path (src/contract/api-path.ts) from here on: the key check, the rate limit, the
      // geometry slots, the cache key and the handlers all see the same path. Anything not /v1 is answered
      // here, its body unread.
      const path = apiPath(url.pathname);
      if (FORBIDDEN_METHODS.has(method) || path === null) {
        const close: Record<string, string> = announcesBody(req) ? { connection: 'close' } : {};
        return send(404, errorBody('not_found', `No endpoint ${method} ${url.pathname}`), close);
      }
      url.pathname = path;
      logged.path = path;
      // Refused on its head alone: the body is never read, and a connection with one on its way is closed
      // after the answer rather than drained.
      const early = await refuseEarly(req, url.pathname, keys);
      if ('refusal' in early) {
        const { refusal } = early;
        const close: Record<string, string> = announcesBody(req) ? { connection: 'close' } : {};
        return send(refusal.status, refusal.body, { ...refusal.headers, ...close });
      }
      logged.key = early.who?.id ?? null;
      // A key past its rate is refused before its body is read too; only accepted keys get here, so the
      // buckets are as many as the keys.
      token = bearerToken(req.headers.authorization);
      const wait = limiter && token ? limiter.take(token) : 0;
      if (limiter && wait > 0) {
        const { status, body, headers } = rateLimited(limiter, wait);
        return send(status, body, { ...headers, ...(announcesBody(req) ? { connection: 'close' } : {}) });
      }
      if (expectsContinue) res.writeContinue();
      const limit = bodyLimit(url.pathname);
      const body = await readBody(req, limit);
      if (body === 'too large') {
        const { status, body } = tooLarge(limit);
        return send(status, body, { connection: 'close' });
      }
      if (body === 'unreadable') {
        return send(400, errorBody('invalid_request', 'The request body could not be read'), { connection: 'close' });
      }
      const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
      const key = method === 'GET' && cacheable(url) ? cacheKey(url, req.headers, acceptsGzip) : null;
      const generation = service.ctx.generation;
      const cached = key === null ? undefined : cache.get(key, generation);
      if (cached) return reply(cached);
      // The same answer already being built (a view's first visitors, or everyone just after a create emptied
      // the cache) is waited for, not built again: only its first asker holds a geometry slot.
      const flightKey = key === null ? null : `${generation}:${key}`;
      const shared = flightKey === null ? undefined : await flights.wait(flightKey);
      if (shared) return reply(shared);
      if (flightKey !== null) flight = flights.start(flightKey);
      // Only an answer about to be built holds a geometry slot, until it is sent; a cached one never does.
      if (buildsGeometry(method, url)) {
        if (!(await geometrySlots.take(token ?? ''))) {
          const { status, body, headers } = busy();
          return send(status, body, headers);
        }
        holdsSlot = true;
      }

      const hasBody = method !== 'GET' && method !== 'HEAD';
      const request = new Request(url, {
        method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? new Uint8Array(body) : undefined,
      });
      // The pool's work counts against this key's share; a write's drawing is never refused for the reads' load
      // (docs/api-decisions.md, "Heavy work").
      const caller = { owner: logged.key ?? '', write: isWrite(method, url) };
      const response = await asCaller(caller, () => getResponse(handlers, request));
      if (!response) {
        return send(404, errorBody('not_found', `No endpoint ${method} ${url.pathname}`));
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        headers[key] = value;
      });
      let answer = Buffer.from(await response.arrayBuffer());
      // GeoJSON compresses about fourfold; send it gzipped to clients that accept it (off the main thread).
      if (answer.length > 1024) {
        headers.vary = 'accept-encoding';
        if (acceptsGzip) {
          answer = await gzipAsync(answer, { level: 6 });
          headers['content-encoding'] = 'gzip';
        }
      }
      headers['content-length'] = String(answer.length);
      const made = { status: response.status, headers, body: answer };
      // Only successes, and only if no create came in while this one was made.
      if (key !== null && response.status === 200 && service.ctx.generation === generation) {
        cache.set(key, generation, made);
      }
      flight?.(made);
      reply(made);
    } catch (error) {
      console.error('[kapuluan api]', error);
      if (!res.headersSent) send(500, errorBody('internal', 'The service failed'));
      else res.end();
    } finally {
      if (holdsSlot) geometrySlots.release(token ?? '');
      flight?.(null); // a build that failed or was refused: its waiters build their own
    }
  };
  // Node's own check for a missing Host answers a bare 400; this server answers it in the error shape.
  const server = http.createServer(
    {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkingInterval(limits),
    },
    (req, res) => void handle(req, res, false),
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // No 'timeout' listener: Node destroys a socket idle this long. A client that stopped reading a large answer
  // is dropped by UnreadAnswers on time; Node lets such a socket's first timeout pass (unread-answers.ts).
  server.timeout = limits.idleTimeoutMs;
  // Past this Node closes each new connection as soon as it is accepted, unanswered (it emits 'drop').
  server.maxConnections = limits.maxConnections;
  // With a listener here Node no longer says 100 Continue by itself: a client that waits for it before sending
  // its body hears it only once the key and the head are accepted.
  server.on('checkContinue', (req, res) => void handle(req, res, true));
  // Node answers what it cannot parse (bad request line, headers over 16 KB, bad chunking) with a bare status
  // and no body; answer in the API's error shape instead, as every other error is.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const res = answering.get(socket);
    if (!res) return answerClientError(error, socket);
    if (res.req.complete) {
      // The error is in a request pipelined after this one: answer it in turn, once this one is answered.
      res.on('finish', () => answerClientError(error, socket));
      return;
    }
    // This request's own body is badly framed, or too slow to arrive (requestTimeout): answer it now unless
    // already answered (without reading the body), then stop waiting for the rest of it.
    res.on('finish', () => closeSoon(socket));
    if (res.headersSent) return;
    const late = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const json = JSON.stringify(
      late
        ? errorBody('timeout', 'The request took too long to arrive')
        : errorBody('invalid_request', 'The request body is not valid HTTP/1.1 framing'),
    );
    const edge = { ...SECURITY_HEADERS, ...corsHeaders(res.req.headers.origin, origins) };
    res.writeHead(late ? 408 : 400, { 'content-type': 'application/json', ...edge, connection: 'close' });
    res.end(json);
  });
  // CONNECT never reaches the request handler; without a listener Node drops the connection unanswered.
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) =>
    writeRaw(socket, 404, 'Not Found', errorBody('not_found', `No endpoint CONNECT ${req.url}`)),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  }).catch(async (error: unknown) => {
    await Promise.all([service.close(), pool.close()]);
    throw error;
  });
  port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  // The read workers build the geocoder's index (each started on it by itself); until then what needs them is a
  // 503 `starting` and GET /readyz says not ready, while everything else is answered.
  const ready = pool.warm().then(() => undefined);
  ready.catch((error: unknown) => {
    // Stopped before it was built: nothing failed.
    if (!pool.state.closed) console.error('[kapuluan api] the geocoder could not be built:', error);
  });
  const stop = async () => {
    readiness.stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Kept-alive connections between requests are closed as they fall idle; at the idle timeout whatever is left.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const cap = setTimeout(() => server.closeAllConnections(), limits.idleTimeoutMs);
    await closed;
    clearInterval(sweep);
    clearTimeout(cap);
    unread.close();
    await Promise.all([service.close(), pool.close()]);
  };
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    /** Resolves once every read worker has built the geocoder's index: GET /readyz says ready from then on. */
    ready,
    /** Batches and drawings in the worker pool now (a test sends a request once one is under way). */
    poolTasks: () => pool.inFlight,
    /** The connections open now (a test watches the connection cap and the timeouts close them). */
    connections: () =>
      new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n)))),
    /** Large answers being written and the bytes their clients have not read (a test watches the budget). */
    unread: () => unread.stats(),
    /**
     * Stops as SIGTERM does: GET /readyz says not ready at once, a request that comes is refused 503 `stopping`
     * with `Connection: close`, and the answers being made are finished (each with `Connection: close`) before
     * the workers are stopped; whatever is still open at the idle timeout is closed.
     */
    stop,
    close: stop,
  };
}
