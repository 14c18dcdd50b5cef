/**
 * Requests by fetch to a /v1 service under test, the HTTP server (src/server/*.test.ts) or the msw one
 * (service-server.ts's `api`), sent as the app's client sends them: a JSON body with its content type,
 * `Authorization: Bearer <key>`, GET or, with a body, POST. The answer's body is read as JSON (null when it is not
 * JSON).
 */

export interface CallInit {
  /** GET, or POST when there is a body. */
  method?: string;
  /** Sent as JSON; a string is sent as it is (a body too large, or not JSON at all). */
  body?: unknown;
  /** The Bearer key; null sends none. Unset: the caller's own. */
  key?: string | null;
  /** Sent as well, over those above (another content type, an Origin, an Authorization of the test's own). */
  headers?: Record<string, string>;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * `call(path, init)` against the server at `base`, a URL or a function giving it (a server started in beforeAll
 * is not there yet when the file is read), with `key` unless a call gives its own.
 */
export function caller(base: string | (() => string), key: string | null) {
  return async <T = any>(path: string, init: CallInit = {}): Promise<Answer<T>> => {
    const auth = init.key === undefined ? key : init.key;
    const { body } = init;
    const response = await fetch((typeof base === 'string' ? base : base()) + path, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(auth !== null && { authorization: `Bearer ${auth}` }),
        ...init.headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  };
}
