/**
 * What the operations of the OpenAPI document are made of: parameters, bodies, answers and the errors each may
 * give. The limits are the service's own (src/contract/rules.ts, the endpoints' defaults), read from where the
 * service reads them.
 */
import type {
  OperationObject,
  ParameterObject,
  Reference,
  ResponseObject,
  SchemaObject,
} from '../../contract/openapi.ts';
import { exactly, int, list, record, ref, text } from './json-schema.ts';

/** An operation as the path files write it; the document adds its id and tag from the endpoint table's row. */
export type Operation = Omit<OperationObject, 'operationId' | 'tags'>;

export const query = (name: string, schema: SchemaObject, description: string, required = false): ParameterObject => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

export const idParam = (description: string): ParameterObject => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: text(undefined, { minLength: 1 }),
});

const shared = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });
export const PAGE = shared('page');
export const GEOMETRY = shared('geometry');

/** `limit`, with the endpoint's default and maximum (over it is a 400). */
export const limit = (fallback: number, max: number, what = 'a page'): ParameterObject =>
  query('limit', int(undefined, { minimum: 1, maximum: max, default: fallback }), `How many in ${what}.`);

export const SHARED_PARAMETERS: Record<string, ParameterObject> = {
  page: query('page', int(undefined, { minimum: 1, default: 1 }), 'Which page, from 1.'),
  geometry: query('geometry', ref('Detail'), 'Add outlines at this detail.'),
};

/** A JSON body. */
export const body = (schema: SchemaObject, description?: string): Operation['requestBody'] => ({
  required: true,
  ...(description && { description }),
  content: { 'application/json': { schema } },
});

/** A success, carrying the code list's vintage as every answer does. */
export const answer = (schema: SchemaObject, description: string): ResponseObject => ({
  description,
  headers: { 'X-PSGC-Vintage': { $ref: '#/components/headers/Vintage' } },
  content: { 'application/json': { schema } },
});

/** `{ data, error: null }`, and more fields where given. */
export const enveloped = (data: SchemaObject, more: Record<string, SchemaObject> = {}, optional = {}) =>
  record({ data, ...more, error: exactly(null) }, optional);
export const paged = (item: SchemaObject) => enveloped(list(item), { meta: ref('PageMeta') });

/** The errors, by status: each an `Error` body (src/contract/error-body.ts) with its own meaning. */
const ERRORS = {
  400: ['BadRequest', 'invalid_parameter (details.param names it) or invalid_body.'],
  401: ['Unauthorized', 'unauthorized: no key, or one the service does not know.'],
  403: ['Forbidden', 'forbidden: a read key where an admin key is needed, or a unit of the code list.'],
  404: ['NotFound', 'not_found: no such id, or no such endpoint.'],
  409: ['Conflict', 'duplicate (details.field), member_moved, member_lent, has_created_provinces, not_deleted…'],
  413: ['TooLarge', 'too_large: a body over the endpoint’s limit (HTTP server).'],
  415: ['UnsupportedMediaType', 'unsupported_media_type: a body that is not application/json (HTTP server).'],
  429: ['RateLimited', 'rate_limited: the key is past its rate (HTTP server).'],
  503: ['Unavailable', 'busy, timeout (a batch or a drawing past its time budget) or unavailable (the database).'],
} as const;
export type ErrorStatus = keyof typeof ERRORS;

export const ERROR_RESPONSES: Record<string, ResponseObject> = Object.fromEntries(
  Object.values(ERRORS).map(([name, description]) => {
    const headers: ResponseObject['headers'] = { 'X-PSGC-Vintage': { $ref: '#/components/headers/Vintage' } };
    if (name === 'RateLimited' || name === 'Unavailable')
      headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
    if (name === 'Unauthorized') headers['WWW-Authenticate'] = { $ref: '#/components/headers/WwwAuthenticate' };
    return [name, { description, headers, content: { 'application/json': { schema: ref('Error') } } }];
  }),
);

/** Every operation may answer these: a bad parameter, no key, the rate limit, a busy or unreachable server. */
const ALWAYS: ErrorStatus[] = [400, 401, 429, 503];

const errorRefs = (statuses: ErrorStatus[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/${ERRORS[status][0]}` }]),
  );

/** The answers of an operation: its successes and, beside those every operation may give, its own errors. */
export function answers(
  successes: Record<string, ResponseObject>,
  ...errors: ErrorStatus[]
): Record<string, ResponseObject | Reference> {
  return { ...successes, ...errorRefs([...new Set([...ALWAYS, ...errors])].sort()) };
}

/** An operation that reads a body may also have it refused by the HTTP server, by its type or its size. */
export const withBodyRefusals = (operation: Operation): Operation =>
  operation.requestBody ? { ...operation, responses: { ...operation.responses, ...errorRefs([413, 415]) } } : operation;

/** A change of the map: an admin key, and a conflict with what is there. */
export const WRITE: ErrorStatus[] = [403, 409];
