/**
 * Every /v1 endpoint the handlers serve, with the parameters and body fields it reads and valid values for
 * them: the table the bad-input properties draw requests from. `handlerKeys` lets a test check that the table
 * and the handler list name the same endpoints.
 */
import fc from 'fast-check';
import type { RequestHandler } from 'msw';
import type { Dataset } from '../service/dataset.ts';
import { arrayOf, jsonBody, pathId, queryString, regionCode, toJsonText } from './bad-input.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'ALL';
  /** The handler's route pattern (src/mocks/handlers/route.ts). */
  path: string;
  /** Arbitrary request targets (path and query) for this endpoint. */
  target: fc.Arbitrary<string>;
  /** Arbitrary bodies (JSON text or not) for POST endpoints. */
  body?: fc.Arbitrary<string>;
}

/** Real ids of every form the service accepts, taken from the loaded dataset. */
export function realIds(data: Dataset) {
  const regions = data.regions.flatMap((r) => [String(r.numericId), r.stringId, r.psgc ?? '', r.shortCode]);
  const provinces = data.provinces.flatMap((p) => [p.id, p.psgc ?? '', p.shortCode]).filter(Boolean);
  const towns = [...data.municities.values()].flatMap((t) => [String(t.numericId), t.unit.code]);
  // A town's first barangay is numbered 001 (its barangays are read only when the town is opened).
  const barangays = [...data.municities.keys()].slice(0, 40).map((code) => `${code.slice(0, 7)}001`);
  const provinceCodes = data.provinces.flatMap((p) => (p.psgc ? [p.psgc] : []));
  return { regions, provinces, towns, barangays, provinceCodes, provinceNames: data.provinces.map((p) => p.name) };
}

const detail = fc.constantFrom('simple', 'medium', 'detailed');
const small = fc.oneof(fc.integer({ min: 1, max: 120 }).map(String), fc.constantFrom('0', '-1', '1000'));
const place = fc.constantFrom('Manila', 'san jose, batangas', 'Sto. Tomas', 'QC', 'Cebu City', 'Poblacion', 'x');

export function endpoints(data: Dataset): Endpoint[] {
  const ids = realIds(data);
  const withQuery = (path: fc.Arbitrary<string>, known: Record<string, fc.Arbitrary<string>>) =>
    fc
      .tuple(path, fc.option(queryString(known), { nil: undefined }))
      .map(([p, q]) => (q === undefined ? p : `${p}?${q}`));
  const fixed = (path: string, known: Record<string, fc.Arbitrary<string>>) => withQuery(fc.constant(path), known);
  const byId = (base: string, real: string[], known: Record<string, fc.Arbitrary<string>>) =>
    withQuery(
      pathId(real).map((id) => `${base}/${id}`),
      known,
    );
  const name = fc.oneof(fc.constantFrom('Negros Island Region', 'Kalayaan', 'ñ'), fc.string({ maxLength: 30 }));
  const code = fc.oneof(fc.constantFrom('NIR', 'NCR', 'KAL', 'region-ncr', 'X-1', 'CEB'), fc.string({ maxLength: 12 }));
  const unknownPath = fc
    .tuple(
      fc.constantFrom(
        '/v1/',
        '/v1/regions/',
        '/v1/provinces/',
        '/v1/municities/',
        '/v1/barangays/',
        '/v1/geocode/',
        '/v1/nowhere/',
      ),
      fc.array(pathId(['search', 'reverse', 'x']), { minLength: 1, maxLength: 3 }),
    )
    .map(([base, parts]) => base + parts.join('/'));
  return [
    {
      method: 'GET',
      path: '/v1/regions',
      target: fixed('/v1/regions', {
        search: fc.constantFrom('visayas', 'NCR', 'region', 'ñ'),
        'codes[]': regionCode,
        codes: fc.array(regionCode, { maxLength: 4 }).map((c) => c.join(',')),
        geometry: detail,
        output: fc.constantFrom('json', 'geojson'),
        page: small,
        limit: small,
      }),
    },
    {
      method: 'POST',
      path: '/v1/regions/search',
      target: fc.constant('/v1/regions/search'),
      body: jsonBody({
        ids: arrayOf(regionCode),
        geometry: detail,
        output: fc.constantFrom('json', 'geojson'),
      }),
    },
    { method: 'GET', path: '/v1/regions/:id', target: byId('/v1/regions', ids.regions, { geometry: detail }) },
    {
      method: 'POST',
      path: '/v1/regions',
      target: withQuery(fc.constant('/v1/regions'), {
        dry_run: fc.constantFrom('true', 'false', 'x'),
        geometry: detail,
      }),
      body: jsonBody({ name, code, province_ids: arrayOf(fc.constantFrom('x', '0', 'ALB', '630200', 12)) }),
    },
    {
      method: 'PATCH',
      path: '/v1/regions/:id',
      target: byId('/v1/regions', ids.regions, {}),
      body: jsonBody({ name, code }),
    },
    { method: 'DELETE', path: '/v1/regions/:id', target: byId('/v1/regions', ids.regions, {}) },
    {
      method: 'POST',
      path: '/v1/regions/:id/restore',
      target: pathId([...ids.regions, '100', '101']).map((id) => `/v1/regions/${id}/restore`),
    },
    {
      method: 'GET',
      path: '/v1/audit',
      target: fixed('/v1/audit', {
        unit: code,
        key: fc.constantFrom('local', 'unknown', 'x'),
        kind: fc.constantFrom('region', 'province', 'x'),
        unit_id: small,
        action: fc.constantFrom('create', 'delete', 'restore', 'x'),
        page: small,
        limit: small,
      }),
    },
    {
      method: 'GET',
      path: '/v1/provinces',
      target: fixed('/v1/provinces', { region_id: fc.constantFrom(...ids.regions), limit: small, page: small }),
    },
    { method: 'GET', path: '/v1/provinces/:id', target: byId('/v1/provinces', ids.provinces, { geometry: detail }) },
    {
      method: 'POST',
      path: '/v1/provinces',
      target: fc.constant('/v1/provinces'),
      body: jsonBody({
        name,
        code,
        region_id: fc.constantFrom(...ids.regions.slice(0, 12), 'nowhere'),
        municity_ids: arrayOf(fc.constantFrom('x', '0', ...ids.towns.slice(0, 4))),
      }),
    },
    {
      method: 'PATCH',
      path: '/v1/provinces/:id',
      target: byId('/v1/provinces', ids.provinces, {}),
      body: jsonBody({ name, code }),
    },
    { method: 'DELETE', path: '/v1/provinces/:id', target: byId('/v1/provinces', ids.provinces, {}) },
    {
      method: 'POST',
      path: '/v1/provinces/:id/restore',
      target: pathId([...ids.provinces, '100000']).map((id) => `/v1/provinces/${id}/restore`),
    },
    {
      method: 'POST',
      path: '/v1/provinces/search',
      target: fc.constant('/v1/provinces/search'),
      body: jsonBody({
        codes: arrayOf(fc.constantFrom(...ids.provinceCodes, '1300000000', '0000000000')),
        geometry: detail,
        output: fc.constantFrom('json', 'geojson'),
      }),
    },
    {
      method: 'GET',
      path: '/v1/barangays',
      target: fixed('/v1/barangays', {
        province: fc.constantFrom(...ids.provinceNames, 'NCR', 'metro manila', 'CEBU'),
        municipality: fc.constantFrom('San', 'city of', 'Poro', 'ñ'),
        name: fc.constantFrom('Pob', 'San', 'b', 'ñ'),
        page: small,
        limit: small,
      }),
    },
    {
      method: 'POST',
      path: '/v1/barangays/search',
      target: fc.constant('/v1/barangays/search'),
      body: jsonBody({
        codes: arrayOf(fc.constantFrom(...ids.barangays, '0000000000')),
        geometry: detail,
        output: fc.constantFrom('json', 'geojson'),
      }),
    },
    { method: 'GET', path: '/v1/barangays/:id', target: byId('/v1/barangays', ids.barangays, {}) },
    {
      method: 'GET',
      path: '/v1/municities',
      target: fixed('/v1/municities', {
        province: fc.constantFrom(...ids.provinceNames, 'NCR', 'metro manila', 'CEBU'),
        name: fc.constantFrom('San', 'city of', 'S', 'ñ'),
        page: small,
        limit: small,
      }),
    },
    {
      method: 'GET',
      path: '/v1/municities/search',
      target: fixed('/v1/municities/search', { q: place, limit: small }),
    },
    {
      method: 'GET',
      path: '/v1/municities/:id',
      target: byId('/v1/municities', ids.towns, {
        geometry: fc.constantFrom('true', 'false', 'simple', 'medium', 'detailed'),
      }),
    },
    {
      method: 'GET',
      path: '/v1/geocode/reverse',
      target: fixed('/v1/geocode/reverse', {
        lat: fc.double({ min: 4, max: 21, noNaN: true }).map(String),
        lng: fc.double({ min: 116, max: 127, noNaN: true }).map(String),
      }),
    },
    { method: 'GET', path: '/v1/geocode', target: fixed('/v1/geocode', { q: place, limit: small }) },
    {
      method: 'POST',
      path: '/v1/geocode/batch',
      target: fc.constant('/v1/geocode/batch'),
      body: jsonBody({ addresses: arrayOf(place) }),
    },
    { method: 'GET', path: '/v1/openapi.json', target: fixed('/v1/openapi.json', {}) },
    {
      method: 'ALL',
      path: '(undecodablePath)',
      target: withQuery(
        fc
          .tuple(unknownPath, fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0'))
          .map(([path, bad]) => `${path}${bad}`),
        {},
      ),
      body: fc.oneof(fc.constant(''), fc.json()),
    },
    {
      method: 'ALL',
      path: '/v1/*',
      target: withQuery(unknownPath, {}),
      body: fc.oneof(fc.constant(''), fc.json()),
    },
  ];
}

/** `METHOD path` for each handler (all HTTP ones, as `server.listHandlers()` lists them), as the table names them. */
export function handlerKeys(handlers: readonly unknown[]): string[] {
  return handlers.map((h) => {
    const info = (h as RequestHandler).info as unknown as {
      method: string | RegExp;
      path: string | (((...args: never[]) => unknown) & { pattern?: string });
    };
    const method = info.method instanceof RegExp ? 'ALL' : info.method;
    const path =
      typeof info.path === 'function' ? (info.path.pattern ?? `(${info.path.name})`) : info.path.replace(/^\*/, '');
    return `${method} ${path}`;
  });
}

export { toJsonText };
