/**
 * Which paths are the /v1 API, and the one spelling of each. Every runner routes on the canonical
 * path: the msw handlers match it (src/mocks/handlers/route.ts), and the HTTP server rewrites the request to it
 * before its key check, rate limit, geometry slots and answer cache, so two spellings of one endpoint can never
 * be answered alike yet limited or cached apart.
 *
 * The path given is a WHATWG URL's pathname: `.` and `..` segments (`%2e` ones too) are already resolved and
 * non-ASCII is already percent-encoded. On top of that (RFC 3986 §6.2.2):
 * - a percent-escape of an unreserved character (letters, digits, `-._~`) is decoded: `/v1/%72egions` is
 *   `/v1/regions`; other escapes are kept, with upper-case hex digits (`%2f` is `%2F`);
 * - runs of `/` are one `/`: `/v1//regions` is `/v1/regions`;
 * - a trailing `/` is dropped: `/v1/regions/` is `/v1/regions`.
 * The result is the API only when it is `/v1` or starts with `/v1/`, case and all: `/V1/regions` and
 * `/x/v1/regions` are not (a 404). Segments are compared as written, so `/v1/Regions` is no endpoint either;
 * ids in a path are read by the service, which folds their case itself.
 */

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The canonical spelling of a path (see above), whether or not it is the API. */
export function canonicalPath(pathname: string): string {
  const decoded = pathname.replace(/%([0-9A-Fa-f]{2})/g, (percent, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : percent.toUpperCase();
  });
  const single = decoded.replace(/\/{2,}/g, '/');
  return single.length > 1 && single.endsWith('/') ? single.slice(0, -1) : single;
}

/** The canonical path when it is the /v1 API, else null. */
export function apiPath(pathname: string): string | null {
  const path = canonicalPath(pathname);
  return path === '/v1' || path.startsWith('/v1/') ? path : null;
}

export type PathParams = Record<string, string>;

/** Matches a canonical /v1 path (apiPath's answer) against one pattern: its parameters, or null. */
export type PathMatcher = (path: string) => PathParams | null;

/**
 * A pattern of the /v1 table (`/v1/regions/:id`) made into a matcher once, for a path already in its canonical
 * spelling (apiPath): segment by segment, case-sensitively, `:name` standing for one segment (decoded; an
 * undecodable one matches nothing) and a final `*` for any rest, none included. The msw handlers and the service
 * route by it alike; each request's path is made canonical once, not once per pattern.
 */
export function compilePath(pattern: string): PathMatcher {
  const want = pattern.split('/');
  const rest = want.at(-1) === '*';
  const fixed = rest ? want.slice(0, -1) : want;
  return (path) => {
    const got = path.split('/');
    if (rest ? got.length < fixed.length : got.length !== fixed.length) return null;
    const params: PathParams = Object.create(null);
    for (const [i, part] of fixed.entries()) {
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(got[i]);
        } catch {
          return null;
        }
      } else if (part !== got[i]) return null;
    }
    return params;
  };
}
