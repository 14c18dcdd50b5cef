/**
 * What the HTTP server refuses from a request's head alone, before it reads a byte of the body: a missing or
 * wrong key, a body that is not JSON, a body announced over its endpoint's limit. A client that is refused
 * here never gets the server to buffer what it sends.
 */
import type http from 'node:http';
import { apiPath } from '../contract/api-path.ts';
import { errorBody } from '../contract/error-body.ts';
import type { ErrorBody } from '../contract/types.ts';
import { ServiceError } from '../service/errors.ts';
import { authorize, type KeyRing, needOf, type Principal } from '../service/keys.ts';
import { unavailable } from '../service/service.ts';
import { StoreUnavailable } from '../service/store.ts';
import { WWW_AUTHENTICATE } from './edge-headers.ts';

/** A create's body is a name and a code or two (NAME_MAX 200 characters): 16 KB is ample. */
export const CREATE_BODY_MAX = 16 * 1024;
/**
 * POST /v1/geocode/batch takes up to 1,000 addresses, each read up to 300 characters: 512 KB holds a full batch
 * with room for JSON quoting and non-ASCII letters (docs/api-decisions.md).
 */
export const BATCH_BODY_MAX = 512 * 1024;

export interface Refusal {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** A path the handlers route to the service: `/v1` or under it, spelled exactly (src/contract/api-path.ts). */
export const isApiPath = (pathname: string) => apiPath(pathname) !== null;

export const bodyLimit = (pathname: string) =>
  apiPath(pathname) === '/v1/geocode/batch' ? BATCH_BODY_MAX : CREATE_BODY_MAX;

/** A body is on its way: one with a length, or a chunked one. */
export const announcesBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * `application/json`, with at most a UTF-8 charset (the body is decoded as UTF-8, RFC 8259 §8.1). Refusing the
 * rest also refuses `text/plain`, the type a page on another site may POST without a CORS preflight.
 */
export const isJsonType = (contentType: string | undefined) =>
  /^\s*application\/json\s*(;\s*charset\s*=\s*(utf-8|"utf-8")\s*)?$/i.test(contentType ?? '');

const kb = (bytes: number) => `${bytes / 1024} KB`;

/**
 * The request's key checked and its head looked at: the key's holder (null off /v1, which needs none), or the
 * refusal.
 */
export async function refuseEarly(
  req: http.IncomingMessage,
  pathname: string,
  keys: KeyRing,
): Promise<{ refusal: Refusal } | { who: Principal | null }> {
  let who: Principal | null = null;
  if (isApiPath(pathname)) {
    // A missing or unknown key is 401; a read key's write 403 (src/service/keys.ts), before the body is read.
    try {
      who = await authorize(req.headers.authorization, keys, needOf(req.method ?? 'GET', pathname), {
        client: req.socket.remoteAddress,
      });
    } catch (error) {
      return { refusal: keyRefusal(error) };
    }
  }
  const refusal = refuseBody(req, pathname);
  return refusal ? { refusal } : { who };
}

function keyRefusal(error: unknown): Refusal {
  // A key kept in the database, checked while the database cannot be reached: 503, as a write then is.
  if (error instanceof StoreUnavailable) {
    const { status, body, headers } = unavailable(error);
    return { status, body: body as ErrorBody, headers };
  }
  if (!(error instanceof ServiceError)) throw error;
  const retry = error.details?.retry_after_seconds;
  const headers = {
    ...(error.status === 401 && WWW_AUTHENTICATE),
    ...(typeof retry === 'number' && { 'retry-after': String(retry) }),
  };
  return { status: error.status, body: error.body(), headers };
}

/** A body that is not JSON, or announced over its endpoint's limit. */
function refuseBody(req: http.IncomingMessage, pathname: string): Refusal | null {
  if (
    (req.method === 'POST' || req.method === 'PATCH') &&
    announcesBody(req) &&
    !isJsonType(req.headers['content-type'])
  ) {
    const body = errorBody('unsupported_media_type', `A ${req.method} body must be application/json`, {
      content_type: (req.headers['content-type'] ?? '').slice(0, 100),
    });
    return { status: 415, body };
  }
  const limit = bodyLimit(pathname);
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge(limit);
  return null;
}

export const tooLarge = (limit: number): Refusal => ({
  status: 413,
  body: errorBody('too_large', `The body is over ${kb(limit)}`, { limit_bytes: limit }),
});
