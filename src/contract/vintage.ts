/**
 * Which PSGC code list an answer was made from, as peers stamp theirs: every answer of the service
 * names it in this header (`X-PSGC-Vintage: 2Q 2025`), errors included, since a 404 for a code is true of one
 * list only. The HTTP server exposes it to other origins' pages (Access-Control-Expose-Headers). Set in
 * Service.handle, which the browser's worker, the Node test server and the HTTP server all answer through, and
 * by the HTTP server's edge on the refusals it makes itself (src/server/http-server.ts).
 */
export const VINTAGE_HEADER = 'x-psgc-vintage';

/** "2Q 2025": the quarter and year PSA's publication names. */
export const isVintage = (value: unknown): boolean => typeof value === 'string' && /^[1-4]Q \d{4}$/.test(value);
