import { apiPath, compilePath } from '../../contract/api-path.ts';

type Params = Record<string, string>;

/** A route's predicate for msw, with the pattern it matches (the endpoint table names handlers by it). */
export type RoutePredicate = ((args: { request: Request }) => { matches: boolean; params: Params }) & {
  pattern: string;
};

const NO_MATCH = { matches: false, params: {} };

/**
 * An msw predicate that matches the canonical /v1 path (src/contract/api-path.ts, compilePath) of any origin,
 * segment by segment and case-sensitively: `/v1/regions/:id` matches `/v1/regions/NCR` and `/v1/regions/NCR/`, never
 * `/V1/Regions/NCR` or `/x/v1/regions/NCR`. A final `*` matches any rest, none included.
 *
 * Why not msw's string paths (`*\/v1/regions/:id`): msw compiles them with path-to-regexp's defaults, which
 * match case-insensitively, and its leading `*` lets anything come before `/v1`; the HTTP server's limits and
 * cache, keyed on the exact path, then saw `/V1/regions` as no endpoint while msw answered it as one.
 */
export function route(pattern: string): RoutePredicate {
  const match = compilePath(pattern);
  const predicate = ({ request }: { request: Request }) => {
    const path = canonicalOf(request);
    const params = path === null ? null : match(path);
    return params ? { matches: true, params } : NO_MATCH;
  };
  return Object.assign(predicate, { pattern });
}

/**
 * msw asks every handler's predicate about a request before it looks at the method: the request's canonical /v1
 * path is worked out once and kept with the request (null when it is not the API).
 */
const canonical = new WeakMap<Request, string | null>();
function canonicalOf(request: Request): string | null {
  let path = canonical.get(request);
  if (path === undefined) {
    path = apiPath(new URL(request.url).pathname);
    canonical.set(request, path);
  }
  return path;
}
