import { errorBody } from '../contract/error-body.ts';
import type { ResolvedPlace } from '../contract/types.ts';
import { listAudit, restoreProvince, restoreRegion } from './audit.ts';
import { getBarangay, listBarangays, searchBarangays } from './barangays.ts';
import type { ApiFlavour, ServiceContext as Context, RegionShape } from './context.ts';
import { ServiceContext } from './context.ts';
import type { DataSource } from './data-source.ts';
import { Dataset } from './dataset.ts';
import { ServiceError } from './errors.ts';
import type { Geocoder } from './geocode.ts';
import { type BatchMatcher, batchAddresses, matchAddress } from './geocode-batch.ts';
import { authorize, fixedKeyRing, type KeyRing, type Need, type Principal } from './keys.ts';
import { getMunicity, listMunicities, searchMunicities } from './municities.ts';
import type { OutlineDrawer } from './outline-jobs.ts';
import { createProvince, getProvince, listProvinces, searchProvinces } from './provinces.ts';
import { createRegion, getRegion, listRegions, searchRegions } from './regions.ts';
import {
  createdCandidates,
  deleteProvince,
  deleteRegion,
  isDryRun,
  patchProvince,
  patchRegion,
  relocateCandidate,
  relocatePlace,
  relocateReverse,
} from './reorganize.ts';
import type { ReverseGeocoder } from './reverse.ts';
import { type RecordStore, StoreUnavailable } from './store.ts';

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

export const INVALID_JSON = Symbol('invalid JSON');

/**
 * The geocoders' indexes are built from the dataset alone, never from the created records, so every service over
 * one dataset shares them: a test that starts each case on a fresh store builds them once (about 2 s), not per case.
 * Their code is loaded with them, on the first geocode: in the browser it is not among what the first screen
 * downloads.
 */
const geocoders = new WeakMap<Dataset, Promise<Geocoder>>();
const reverseGeocoders = new WeakMap<Dataset, Promise<ReverseGeocoder>>();

function geocoderOf(data: Dataset): Promise<Geocoder> {
  let pending = geocoders.get(data);
  if (!pending) {
    pending = import('./geocode.ts').then(({ loadGeocoder }) => loadGeocoder(data));
    pending.catch(() => geocoders.delete(data));
    geocoders.set(data, pending);
  }
  return pending;
}

function reverseGeocoderOf(data: Dataset): Promise<ReverseGeocoder> {
  let reverse = reverseGeocoders.get(data);
  if (!reverse) {
    reverse = import('./reverse.ts').then(({ ReverseGeocoder }) => new ReverseGeocoder(data));
    reverse.catch(() => reverseGeocoders.delete(data));
    reverseGeocoders.set(data, reverse);
  }
  return reverse;
}

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
function rereader(ctx: Context) {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = 250;
  let stopped = false;
  const now = () => {
    if (stopped) return;
    ctx.reload().then(
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

/** A create's status: 200 for a dry run, which stores nothing; a bad dry_run is refused inside the endpoint. */
function dryRunStatus(url: URL): number {
  try {
    return isDryRun(url) ? 200 : 201;
  } catch {
    return 201;
  }
}

/**
 * The /v1 service: plain functions over the dataset, no HTTP library, no DOM, no file system. Each endpoint
 * takes a ServiceRequest and answers a status and a JSON body; every failure is a JSON error body.
 */
export class Service {
  private constructor(
    readonly ctx: Context,
    private readonly keys: KeyRing,
    private readonly matcher: BatchMatcher,
    private readonly unwatch: () => Promise<void>,
  ) {}

  static async create(options: ServiceOptions): Promise<Service> {
    const { source } = options;
    const [data, records] = await Promise.all([
      source instanceof Dataset ? source : options.regionsFirst ? Dataset.regionsFirst(source) : Dataset.load(source),
      options.store.load(),
    ]);
    const ctx = new ServiceContext(
      data,
      records,
      options.store,
      options.regionShape ?? 'numeric',
      options.apiFlavour ?? 'standard',
      options.outlines,
    );
    const matcher: BatchMatcher =
      options.matcher ??
      (async (addresses) => {
        const geocoder = await geocoderOf(data);
        return addresses.map((a) => matchAddress(geocoder, data, a));
      });
    // A store shared with other servers says when they changed it: the records are read anew, and the count
    // of changes moves on, so that no answer cached before is served again.
    const reread = rereader(ctx);
    const stop = options.store.watch ? await options.store.watch(reread.now) : async () => undefined;
    const unwatch = async () => {
      reread.stop();
      await stop();
    };
    const keys = Array.isArray(options.keys) ? fixedKeyRing({ admin: options.keys }) : options.keys;
    return new Service(ctx, keys, matcher, unwatch);
  }

  /** Stops listening for other servers' changes (the store itself is closed by whoever opened it). */
  close(): Promise<void> {
    return this.unwatch();
  }

  /**
   * Builds the geocoder's index now (about 1.3 s) rather than on the first geocode, so a server's first batch
   * or search answers as fast as the ones after it.
   */
  async warm(): Promise<void> {
    await this.ctx.readRest();
    await geocoderOf(this.ctx.data);
  }

  /** Reads the rest of the code list now, where the service started from the regions alone (`regionsFirst`). */
  async readRest(): Promise<void> {
    await this.ctx.readRest();
    // The change report is read now too, so a town's first record does not wait for it.
    await this.ctx.data.changes();
  }

  private async run(
    request: ServiceRequest,
    status: number,
    endpoint: (who: Principal) => unknown,
    /** Whether the endpoint reads more of the code list than the regions. */
    needs: 'everything' | 'regions' = 'everything',
    /** An admin key for what changes the map or reads its audit trail (src/service/keys.ts). */
    role: Need = 'read',
  ): Promise<ServiceResult> {
    try {
      const who = await authorize(request.authorization, this.keys, role);
      if (request.body === INVALID_JSON) throw new ServiceError(400, 'invalid_body', 'The body is not valid JSON');
      // A region's population and outline after a reorganization are its provinces' (issue 18): read them.
      const reorganized = this.ctx.records.regions.some((region) => region.members?.length);
      if (needs === 'everything' || reorganized) await this.ctx.readRest();
      return { status, body: await endpoint(who) };
    } catch (error) {
      if (error instanceof ServiceError) return { status: error.status, body: error.body() };
      if (error instanceof StoreUnavailable) return unavailable(error);
      console.error('[kapuluan service]', error);
      return { status: 500, body: errorBody('internal', 'The service failed') };
    }
  }

  listRegions = (r: ServiceRequest) => this.run(r, 200, () => listRegions(this.ctx, r.url), 'regions');
  getRegion = (r: ServiceRequest, id: string) => this.run(r, 200, () => getRegion(this.ctx, id, r.url), 'regions');
  createRegion = (r: ServiceRequest) =>
    this.run(r, dryRunStatus(r.url), (who) => createRegion(this.ctx, r.body, r.url, who), 'everything', 'admin');
  patchRegion = (r: ServiceRequest, id: string) =>
    this.run(r, 200, (who) => patchRegion(this.ctx, id, r.body, who), 'everything', 'admin');
  deleteRegion = (r: ServiceRequest, id: string) =>
    this.run(r, 200, (who) => deleteRegion(this.ctx, id, who), 'everything', 'admin');
  restoreRegion = (r: ServiceRequest, id: string) =>
    this.run(r, 201, (who) => restoreRegion(this.ctx, id, who), 'everything', 'admin');
  /** GET /v1/audit (src/service/audit.ts): admin keys only. */
  audit = (r: ServiceRequest) => this.run(r, 200, () => listAudit(this.ctx, r.url), 'regions', 'admin');
  searchRegions = (r: ServiceRequest) => this.run(r, 200, () => searchRegions(this.ctx, r.body), 'regions');
  listProvinces = (r: ServiceRequest) => this.run(r, 200, () => listProvinces(this.ctx, r.url));
  getProvince = (r: ServiceRequest, id: string) => this.run(r, 200, () => getProvince(this.ctx, id, r.url));
  createProvince = (r: ServiceRequest) =>
    this.run(r, dryRunStatus(r.url), (who) => createProvince(this.ctx, r.body, r.url, who), 'everything', 'admin');
  patchProvince = (r: ServiceRequest, id: string) =>
    this.run(
      r,
      200,
      async (who) => getProvince(this.ctx, await patchProvince(this.ctx, id, r.body, who), r.url),
      'everything',
      'admin',
    );
  deleteProvince = (r: ServiceRequest, id: string) =>
    this.run(r, 200, (who) => deleteProvince(this.ctx, id, who), 'everything', 'admin');
  restoreProvince = (r: ServiceRequest, id: string) =>
    this.run(r, 201, (who) => restoreProvince(this.ctx, id, who), 'everything', 'admin');
  searchProvinces = (r: ServiceRequest) => this.run(r, 200, () => searchProvinces(this.ctx, r.body));
  listBarangays = (r: ServiceRequest) => this.run(r, 200, () => listBarangays(this.ctx, r.url));
  getBarangay = (r: ServiceRequest, id: string) => this.run(r, 200, () => getBarangay(this.ctx, id));
  searchBarangays = (r: ServiceRequest) => this.run(r, 200, () => searchBarangays(this.ctx, r.body));
  listMunicities = (r: ServiceRequest) => this.run(r, 200, () => listMunicities(this.ctx, r.url));
  searchMunicities = (r: ServiceRequest) => this.run(r, 200, () => searchMunicities(this.ctx, r.url));
  getMunicity = (r: ServiceRequest, id: string) => this.run(r, 200, () => getMunicity(this.ctx, id, r.url));
  geocode = (r: ServiceRequest) =>
    this.run(r, 200, async () => {
      const [{ geocode }, geocoder] = await Promise.all([import('./geocode.ts'), geocoderOf(this.ctx.data)]);
      const answer = geocode(geocoder, r.url);
      // Created regions and provinces are not in the geocoder's index (it is the code list's, shared by every
      // service over it): those whose name holds the words typed come first, within the limit asked.
      const created = await createdCandidates(this.ctx, r.url.searchParams.get('q'));
      const data = [...created, ...answer.data.map((c) => relocateCandidate(this.ctx, c))];
      return { ...answer, data: data.slice(0, Math.max(answer.data.length, created.length)) };
    });
  geocodeBatch = (r: ServiceRequest) =>
    this.run(r, 200, async () => {
      const results = await this.matcher(batchAddresses(r.body));
      const relocate = (place: ResolvedPlace) => relocatePlace(this.ctx, place);
      const data = results.map((result) => ({
        ...result,
        match: result.match && relocate(result.match),
        candidates: result.candidates.map(relocate),
      }));
      return { data, error: null };
    });
  reverseGeocode = (r: ServiceRequest) =>
    this.run(r, 200, async () => {
      const { parsePoint } = await import('./reverse.ts');
      const [lng, lat] = parsePoint(r.url);
      return relocateReverse(this.ctx, await (await reverseGeocoderOf(this.ctx.data)).at(lng, lat));
    });
}
