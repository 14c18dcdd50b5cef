import { VINTAGE_HEADER } from '../contract/vintage.ts';

/**
 * Headers the HTTP server adds to its answers: CORS for the origins it was told to serve, and what keeps a
 * browser from treating an answer as anything but data.
 */

/** The dev server's origins (vite.config.ts: 127.0.0.1:5173), served when CORS_ORIGINS is not set. */
export const DEV_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/**
 * On every answer, the raw ones too. The API serves only JSON and GeoJSON: nosniff keeps a browser from reading
 * an answer as script or HTML, and a policy that allows nothing keeps an answer opened as a page (or framed)
 * from running or loading anything.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** On the 401s: RFC 6750 §3 asks a bearer-token resource to name its scheme. */
export const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="kapuluan"' };

const PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-max-age': '600',
};

/**
 * What a page of another origin may read beyond the safelisted headers: the code list an answer was made from
 * (src/contract/vintage.ts), and when to come back after a 429 or 503.
 */
const EXPOSED = { 'access-control-expose-headers': `${VINTAGE_HEADER}, retry-after` };

/** `http://host:port/` and `http://host:port` are one origin; a browser sends the latter. */
export const normalOrigin = (origin: string) => origin.trim().replace(/\/+$/, '');

/**
 * CORS for a request's Origin: a listed origin is named back (never `*`, so another site's page cannot read an
 * answer); any other gets no allow-origin and the browser refuses the answer. Every answer varies by Origin, so
 * a shared cache never hands one origin's answer to another.
 */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>): Record<string, string> {
  if (origin === undefined || !allowed.has(origin)) return { vary: 'origin' };
  return { 'access-control-allow-origin': origin, vary: 'origin', ...PREFLIGHT, ...EXPOSED };
}

/** Joins two Vary values (the answer's own `accept-encoding` and the edge's `origin`). */
export function joinVary(a: string | undefined, b: string | undefined): string | undefined {
  const names = [...new Set([a, b].flatMap((v) => (v ? v.split(',').map((n) => n.trim().toLowerCase()) : [])))];
  return names.length ? names.join(', ') : undefined;
}
