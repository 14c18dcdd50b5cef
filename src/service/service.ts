import { apiPath, compilePath } from '../contract/api-path.ts';
import { errorBody } from '../contract/error-body.ts';
import { needOf } from '../contract/roles.ts';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { VINTAGE_HEADER } from '../contract/vintage.ts';
import { matchedAnswer } from './answers/matched.ts';
import type { ApiFlavour, RegionShape } from './context.ts';
import { ServiceContext } from './context.ts';
import type { DataSource } from './data-source.ts';
import { Dataset } from './dataset.ts';
import { ENDPOINTS, type Endpoint } from './endpoints/table.ts';
import { ServiceError } from './errors.ts';
import type { BatchMatcher } from './geocode/batch.ts';
import { geocodingOf, type Searcher } from './geocoders.ts';
import { authorize, type KeyRing, openKeyRing } from './keys.ts';
import type { OutlineDrawer } from './outline-jobs.ts';
import { type RecordStore, StoreUnavailable } from './store.ts';
import type { RecordWrites } from './writes.ts';

export interface ServiceOptions {
  /** Where the built dataset is read from, or a dataset already loaded (tests give each case a fresh store over one). */
  source: DataSource | Dataset;
  store: RecordStore;
  /**
   * Who is let in by `Authorization: Bearer <key>`: a key ring (read and admin keys, src/service/keys.ts), or a
   * plain list of keys that may do everything (the built-in service, which is local and open, and tests).
   */
  keys: string[] | KeyRing;
  regionShape?: RegionShape;
  /** `live`: answer as the live service's documentation shows (paged province lists, enveloped details). */
  apiFlavour?: ApiFlavour;
  /**
   * Who matches the addresses of POST /v1/geocode/batch. By default the service itself; the browser's built-in
   * service hands them to Web Workers, since msw answers on the page's main thread (src/mocks/match-workers.ts).
   */
  matcher?: BatchMatcher;
  /**
   * Who answers GET /v1/geocode where no stored answer does. By default the service itself; the HTTP server hands
   * them to its worker threads, the browser's built-in service to a Web Worker (src/mocks/match-workers.ts), so
   * neither the event loop nor typing is held up while the index is built or a long query read.
   */
  search?: Searcher;
  /**
   * Who draws the outlines a reorganization changes (previews, creates, reorganized regions' geometry). By default
   * the service itself; the HTTP server hands them to worker threads (src/server/work-pool.ts).
   */
  outlines?: OutlineDrawer;
  /**
   * Start from the regions alone and read the rest of the code list when an endpoint other than the regions'
   * first needs it, or on `readRest()`: the browser's first screen asks only for regions (Dataset.regionsFirst).
   */
  regionsFirst?: boolean;
}

export interface ServiceRequest {
  url: URL;
  authorization: string | null;
  /** The parsed JSON body, or `invalid` when it could not be parsed. */
  body?: unknown;
}

export interface ServiceResult {
  status: number;
  body: unknown;
  /** Headers the answer carries beyond the adapter's own (Retry-After on a 503). */
  headers?: Record<string, string>;
}

/** The endpoint table with each path made into a matcher once. */
const ROUTES = ENDPOINTS.map((endpoint) => ({ endpoint, match: compilePath(endpoint.path) }));

export const INVALID_JSON = Symbol('invalid JSON');

/**
 * The store could not be reached (its database is down or restarting): a client can tell this from a bug and
 * try again later, while reads go on answering from the records held in memory (docs/api-decisions.md).
 */
export function unavailable(error: StoreUnavailable): ServiceResult {
  console.error('[kapuluan service] the records store is unavailable:', error.reason);
  return {
    status: 503,
    body: errorBody('unavailable', 'The records store cannot be reached now; try again later', {
      retry_after_seconds: error.retryAfterSeconds,
    }),
    headers: { 'retry-after': String(error.retryAfterSeconds) },
  };
}

/**
 * Reads the records anew when told; a read that fails (the database went away again) never throws, and is tried
 * again, one retry at a time, from 250 ms doubling to 10 s, until one succeeds: the records held must not stay
 * stale because the notification that said so came just before an outage.
 */
function rereader(writes: RecordWrites) {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = 250;
  let stopped = false;
  const now = () => {
    if (stopped) return;
    writes.reload().then(
      () => {
        wait = 250;
      },
      (error: unknown) => {
        console.error(`[kapuluan service] could not read the records anew (trying again in ${wait} ms):`, error);
        if (retry || stopped) return;
        retry = setTimeout(() => {
          retry = undefined;
          now();
        }, wait);
        retry.unref?.();
        wait = Math.min(wait * 2, 10_000);
      },
    );
  };
  return {
    now,
    stop: () => {
      stopped = true;
      clearTimeout(retry);
    },
  };
}

/**
 * The /v1 service: plain functions over the dataset, no HTTP library, no DOM, no file system. Each endpoint
 * takes a ServiceRequest and answers a status and a JSON body; every failure is a JSON error body.
 */
export class Service {
  private constructor(
    readonly ctx: ServiceContext,
    private readonly keys: KeyRing,
    private readonly unwatch: () => Promise<void>,
  ) {}

  static async create(options: ServiceOptions): Promise<Service> {
    const { source } = options;
    const [data, records] = await Promise.all([
      source instanceof Dataset ? source : options.regionsFirst ? Dataset.regionsFirst(source) : Dataset.load(source),
      options.store.load(),
    ]);
    const ctx: ServiceContext = new ServiceContext({
      data,
      records,
      store: options.store,
      regionShape: options.regionShape,
      flavour: options.apiFlavour,
      drawer: options.outlines,
      geocoding: (data) => geocodingOf(data, { matcher: options.matcher, search: options.search }),
    });
    // A store shared with other servers says when they changed it: the records are read anew, and the count
    // of changes moves on, so that no answer cached before is served again.
    const reread = rereader(ctx.writes);
    const stop = options.store.watch ? await options.store.watch(reread.now) : async () => undefined;
    const unwatch = async () => {
      reread.stop();
      await stop();
    };
    const keys = Array.isArray(options.keys) ? openKeyRing(options.keys) : options.keys;
    return new Service(ctx, keys, unwatch);
  }

  /** Stops listening for other servers' changes (the store itself is closed by whoever opened it). */
  close(): Promise<void> {
    return this.unwatch();
  }

  /**
   * Draws now every outline the stored records reorganized, at every detail (the HTTP server, before it listens:
   * an answer that needs one then never waits for its drawing, nor is refused while the pool is busy). Answers how
   * many were drawn; a failure is the caller's to report, and the outline is drawn when asked instead.
   */
  async drawReorganized(): Promise<number> {
    if (!this.ctx.hasRecords()) return 0;
    await this.ctx.readRest();
    return this.ctx.outlines.drawAll(this.ctx.places());
  }

  /** Reads the rest of the code list now, where the service started from the regions alone (`regionsFirst`). */
  async readRest(): Promise<void> {
    await this.ctx.readRest();
    // The change report is read now too, so a town's first record does not wait for it.
    await this.ctx.readChanges();
  }

  /**
   * Addresses matched as POST /v1/geocode/batch answers them, without the request: the browser's match feature
   * hands a file's rows straight to the service's matcher and has them named from the read model here.
   */
  async matchAddresses(addresses: string[]): Promise<BatchGeocodeResult[]> {
    await this.ctx.readRest();
    const rows = await this.ctx.geocoding.matcher(addresses);
    const places = this.ctx.places();
    return rows.map((row) => matchedAnswer(places, row));
  }

  /**
   * Answers one endpoint of the table (src/service/endpoints/table.ts) for a request already matched to it:
   * the key first (an admin key where src/contract/roles.ts says the endpoint changes the map), then the body,
   * then the endpoint. Every failure is a JSON error body.
   */
  async handle(
    endpoint: Endpoint,
    request: ServiceRequest,
    params: Record<string, string> = {},
  ): Promise<ServiceResult> {
    const result = await this.answer(endpoint, request, params);
    // Every answer names the code list it was made from (src/contract/vintage.ts): here, for all three runners.
    result.headers = { ...result.headers, [VINTAGE_HEADER]: this.ctx.vintage };
    return result;
  }

  private async answer(
    endpoint: Endpoint,
    request: ServiceRequest,
    params: Record<string, string>,
  ): Promise<ServiceResult> {
    try {
      const who = await authorize(request.authorization, this.keys, needOf(endpoint.method, endpoint.path));
      if (request.body === INVALID_JSON) throw new ServiceError(400, 'invalid_body', 'The body is not valid JSON');
      // A region's population and outline after a reorganization are its provinces': read them.
      const reorganized = this.ctx.regionsReorganized();
      if (!endpoint.regionsOnly || reorganized) await this.ctx.readRest();
      const answer = await endpoint.answer({
        ctx: this.ctx,
        url: request.url,
        body: request.body,
        id: params.id ?? '',
        who,
      });
      return { status: endpoint.status?.(request.url) ?? 200, body: answer };
    } catch (error) {
      if (error instanceof ServiceError) return { status: error.status, body: error.body() };
      if (error instanceof StoreUnavailable) return unavailable(error);
      console.error('[kapuluan service]', error);
      return { status: 500, body: errorBody('internal', 'The service failed') };
    }
  }

  /** Answers a request by its method and path, as the handlers would: for tests and scripts that skip HTTP. */
  call(method: Endpoint['method'], request: ServiceRequest): Promise<ServiceResult> {
    const path = apiPath(request.url.pathname);
    for (const { endpoint, match } of ROUTES) {
      if (endpoint.method !== method || path === null) continue;
      const params = match(path);
      if (params) return this.handle(endpoint, request, params);
    }
    const asked = `${method} ${request.url.pathname}`;
    return Promise.resolve({
      status: 404,
      body: errorBody('not_found', `No endpoint ${asked}`),
      headers: { [VINTAGE_HEADER]: this.ctx.vintage },
    });
  }
}
