/**
 * The /v1 interface as one table: each endpoint's method and path, what it reads, and the function that
 * answers it. The msw handlers (src/mocks/handlers/index.ts) are this table over msw; the service finds a
 * request's row in it by the same paths (Service.call). Who may call each is decided from its method and path
 * by src/contract/roles.ts, the one rule the HTTP server's gate and the app use too.
 */
import type { ServiceContext } from '../context.ts';
import type { Principal } from '../keys.ts';
import { isDryRun } from '../reorganize/drawing.ts';
import { listAudit, restoreProvince, restoreRegion } from './audit.ts';
import { getBarangay, listBarangays, searchBarangays } from './barangays.ts';
import { geocode, geocodeBatch, reverseGeocode } from './geocode.ts';
import { getMunicity, listMunicities, searchMunicities } from './municities.ts';
import {
  createProvince,
  deleteProvince,
  getProvince,
  listProvinces,
  patchProvince,
  searchProvinces,
} from './provinces.ts';
import { createRegion, deleteRegion, getRegion, listRegions, patchRegion, searchRegions } from './regions.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * What an endpoint is given: the context, the request's URL, its JSON body, its path's parameters, its caller. A
 * read is handed the context's snapshot (`ctx.places()`), a write the context's writes (`ctx.writes`).
 */
export interface Call {
  ctx: ServiceContext;
  url: URL;
  body: unknown;
  id: string;
  who: Principal;
}

export interface Endpoint {
  method: Method;
  /** The path pattern: `:id` stands for one segment (src/contract/api-path.ts, compilePath). */
  path: string;
  /** Whether it reads a JSON body. */
  body?: boolean;
  /** Whether it answers from the regions alone, so the first screen need not wait for the rest of the code list. */
  regionsOnly?: boolean;
  /** The status of a success: 200 unless given. */
  status?: (url: URL) => number;
  answer(call: Call): unknown;
}

/** A create's status: 200 for a dry run, which stores nothing; a bad dry_run is refused inside the endpoint. */
function created(url: URL): number {
  try {
    return isDryRun(url) ? 200 : 201;
  } catch {
    return 201;
  }
}

/** The endpoints, in the order they are matched (a fixed segment before `:id`). */
export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/v1/regions', regionsOnly: true, answer: (c) => listRegions(c.ctx.places(), c.url) },
  {
    method: 'POST',
    path: '/v1/regions/search',
    body: true,
    regionsOnly: true,
    answer: (c) => searchRegions(c.ctx.places(), c.body),
  },
  {
    method: 'POST',
    path: '/v1/regions/:id/restore',
    status: () => 201,
    answer: (c) => restoreRegion(c.ctx.writes, c.id, c.who),
  },
  { method: 'GET', path: '/v1/regions/:id', regionsOnly: true, answer: (c) => getRegion(c.ctx.places(), c.id, c.url) },
  {
    method: 'POST',
    path: '/v1/regions',
    body: true,
    status: created,
    answer: (c) => createRegion(c.ctx.writes, c.body, c.url, c.who),
  },
  {
    method: 'PATCH',
    path: '/v1/regions/:id',
    body: true,
    answer: (c) => patchRegion(c.ctx.writes, c.id, c.body, c.who),
  },
  { method: 'DELETE', path: '/v1/regions/:id', answer: (c) => deleteRegion(c.ctx.writes, c.id, c.who) },

  { method: 'GET', path: '/v1/provinces', answer: (c) => listProvinces(c.ctx.places(), c.url) },
  { method: 'POST', path: '/v1/provinces/search', body: true, answer: (c) => searchProvinces(c.ctx.places(), c.body) },
  {
    method: 'POST',
    path: '/v1/provinces/:id/restore',
    status: () => 201,
    answer: (c) => restoreProvince(c.ctx.writes, c.id, c.who),
  },
  { method: 'GET', path: '/v1/provinces/:id', answer: (c) => getProvince(c.ctx.places(), c.id, c.url) },
  {
    method: 'POST',
    path: '/v1/provinces',
    body: true,
    status: created,
    answer: (c) => createProvince(c.ctx.writes, c.body, c.url, c.who),
  },
  {
    method: 'PATCH',
    path: '/v1/provinces/:id',
    body: true,
    answer: (c) => patchProvince(c.ctx.writes, c.id, c.body, c.url, c.who),
  },
  { method: 'DELETE', path: '/v1/provinces/:id', answer: (c) => deleteProvince(c.ctx.writes, c.id, c.who) },

  { method: 'GET', path: '/v1/municities', answer: (c) => listMunicities(c.ctx.places(), c.url) },
  { method: 'GET', path: '/v1/municities/search', answer: (c) => searchMunicities(c.ctx.places(), c.url) },
  { method: 'GET', path: '/v1/municities/:id', answer: (c) => getMunicity(c.ctx.places(), c.id, c.url) },

  { method: 'GET', path: '/v1/barangays', answer: (c) => listBarangays(c.ctx.places(), c.url) },
  { method: 'POST', path: '/v1/barangays/search', body: true, answer: (c) => searchBarangays(c.ctx.places(), c.body) },
  { method: 'GET', path: '/v1/barangays/:id', answer: (c) => getBarangay(c.ctx.places(), c.id) },

  { method: 'GET', path: '/v1/geocode/reverse', answer: (c) => reverseGeocode(c.ctx.places(), c.ctx.geocoding, c.url) },
  {
    method: 'POST',
    path: '/v1/geocode/batch',
    body: true,
    answer: (c) => geocodeBatch(c.ctx.places(), c.ctx.geocoding, c.body),
  },
  { method: 'GET', path: '/v1/geocode', answer: (c) => geocode(c.ctx.places(), c.ctx.geocoding, c.url) },

  { method: 'GET', path: '/v1/audit', regionsOnly: true, answer: (c) => listAudit(c.ctx.writes.store, c.url) },

  // This table as an OpenAPI 3.1 document; its code is loaded when it is first asked for.
  {
    method: 'GET',
    path: '/v1/openapi.json',
    regionsOnly: true,
    answer: async ({ ctx }) =>
      (await import('../openapi/document.ts')).openApiDocument(
        { regionShape: ctx.regionShape, flavour: ctx.flavour, vintage: ctx.vintage },
        ENDPOINTS,
      ),
  },
];
