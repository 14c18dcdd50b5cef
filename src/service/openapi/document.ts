/**
 * The OpenAPI 3.1 document of /v1, as GET /v1/openapi.json answers it: one operation per row of the endpoint
 * table (src/service/endpoints/table.ts, which hands its rows in), in the shape this service answers in (its region shape and flavour:
 * `API_FLAVOUR=live` answers as the live service's documentation shows, and its document says so). The contract
 * tests validate every answer they get against it (src/test/openapi-answers.ts), and a test checks that its
 * operations are the table's rows, so the document and the service cannot drift apart.
 */
import type { HttpMethod, OpenApiDocument, OperationObject } from '../../contract/openapi.ts';
import { int, text } from './json-schema.ts';
import { ERROR_RESPONSES, SHARED_PARAMETERS, withBodyRefusals } from './operation-parts.ts';
import { lookupOperations } from './paths-lookup.ts';
import { type Shapes, unitOperations } from './paths-units.ts';
import { LOOKUP_SCHEMAS } from './schemas-lookup.ts';
import { PLACE_SCHEMAS } from './schemas-places.ts';

/** `/v1/regions/:id` → `/v1/regions/{id}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `GET /v1/regions/:id/restore` → `getRegionsByIdRestore`: a client generator's name for it. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .slice(2)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const TAGS = [
  { name: 'regions', description: 'Regions: list, search by code, and the created ones’ create, change, undo.' },
  { name: 'provinces', description: 'Provinces as the API lists them (Metro Manila and the SGA too).' },
  { name: 'municities', description: 'Cities and municipalities.' },
  { name: 'barangays', description: 'Barangays (as the live service documents them).' },
  { name: 'geocode', description: 'Addresses to places, one or a thousand at once, and what is at a point.' },
  { name: 'audit', description: 'Who changed the map, and how (admin keys).' },
  { name: 'openapi.json', description: 'This document.' },
];

const FLAVOURS = {
  standard:
    'Answers are shaped as the interface document reads, with extensions: `GET /v1/provinces` is a bare `{ data }` without `page`, and a province’s detail is its bare record. A server started with `API_FLAVOUR=live` answers as the live service’s documentation shows (paged province lists of `{ id, name, code, region_id }` with numeric ids and codes, and `{ data, error }` around a province’s detail, its population as `pop`); its own document at /v1/openapi.json says so.',
  live: 'Answers are shaped as the live service’s documentation shows (`API_FLAVOUR=live`): `GET /v1/provinces` is always paged, each item `{ id, name, code, region_id }` with a numeric id, the old 9-digit code and the region’s 9-digit code as a number; a province’s detail is `{ data, error }` (with `geojson` when `geometry` is asked), its population as `pop`. Everything else is as the standard service answers.',
};

/** A row of the endpoint table, as far as the document reads it. */
export interface Route {
  method: string;
  path: string;
}

function build(routes: readonly Route[], shapes: Shapes, vintage: string): OpenApiDocument {
  const operations: Record<string, Omit<OperationObject, 'operationId' | 'tags'>> = {
    ...unitOperations(shapes),
    ...lookupOperations,
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const { method, path } of routes) {
    const operation = operations[`${method} ${path}`];
    if (!operation) throw new Error(`The OpenAPI document has no operation for ${method} ${path}`);
    const item = paths[openApiPath(path)] ?? {};
    paths[openApiPath(path)] = item;
    item[method.toLowerCase() as HttpMethod] = {
      operationId: operationId(method, path),
      tags: [path.split('/')[2]],
      ...withBodyRefusals(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kapuluan /v1',
      version: '1',
      description: [
        'The Philippines’ administrative geography: regions, provinces, cities and municipalities, barangays, on the PSA’s code list (PSGC) and real boundaries, with a geocoder and a batch matcher. Every answer carries the code list it was made from in `X-PSGC-Vintage`.',
        `Regions are answered in the ${shapes.regionShape}-id shape. ${FLAVOURS[shapes.flavour]}`,
        'Every request needs a key: `Authorization: Bearer <key>`. A read key reads everything; creating, changing and undoing regions and provinces, and the audit trail, need an admin key. Every error is `{ data: null, error: { code, message, details? } }`; beside the statuses each operation names, the HTTP server may answer 408 (too slow), 431 (headers too large) or 400 `invalid_request` (not HTTP/1.1) before a request reaches an operation, in the same shape.',
      ].join('\n\n'),
      'x-psgc-vintage': vintage,
      'x-api-flavour': shapes.flavour,
      'x-region-shape': shapes.regionShape,
    },
    tags: TAGS,
    paths,
    components: {
      schemas: { ...PLACE_SCHEMAS, ...LOOKUP_SCHEMAS },
      parameters: SHARED_PARAMETERS,
      responses: ERROR_RESPONSES,
      headers: {
        Vintage: { description: 'The code list the answer was made from ("2Q 2025").', schema: text() },
        RetryAfter: { description: 'Seconds to wait before trying again.', schema: int(undefined, { minimum: 0 }) },
        WwwAuthenticate: { description: '`Bearer realm="kapuluan"` (HTTP server).', schema: text() },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key (read or admin).' },
      },
    },
    security: [{ bearer: [] }],
  };
}

const built = new Map<string, OpenApiDocument>();

/** How a service answers, as its document says: its region shape, its flavour and the code list it serves. */
export interface Described extends Shapes {
  vintage: string;
}

/** The document of a service that answers as `described`, over its endpoint table's `routes`: built once for each. */
export function openApiDocument(described: Described, routes: readonly Route[]): OpenApiDocument {
  const { regionShape, flavour, vintage } = described;
  const key = `${regionShape} ${flavour} ${vintage}`;
  let document = built.get(key);
  if (!document) {
    document = build(routes, { regionShape, flavour }, vintage);
    built.set(key, document);
  }
  return document;
}
