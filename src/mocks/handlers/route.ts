import { apiPath } from '../../contract/api-path.ts';

type Params = Record<string, string>;

/** A route's predicate for msw, with the pattern it matches (the endpoint table names handlers by it). */
export type RoutePredicate = ((args: { request: Request }) => { matches: boolean; params: Params }) & {
  pattern: string;
};

const NO_MATCH = { matches: false, params: {} };

/**
 * An msw predicate that matches the canonical /v1 path (src/contract/api-path.ts) of any origin, segment by
 * segment and case-sensitively: `/v1/regions/:id` matches `/v1/regions/NCR` and `/v1/regions/NCR/`, never
 * `/V1/Regions/NCR` or `/x/v1/regions/NCR`. A final `*` matches any rest, none included.
 *
 * Why not msw's string paths (`*\/v1/regions/:id`): msw compiles them with path-to-regexp's defaults, which
 * match case-insensitively, and its leading `*` lets anything come before `/v1`; the HTTP server's limits and
 * cache, keyed on the exact path, then saw `/V1/regions` as no endpoint while msw answered it as one.
 */
export function route(pattern: string): RoutePredicate {
  const want = pattern.split('/');
  const rest = want.at(-1) === '*';
  const fixed = rest ? want.slice(0, -1) : want;
  const predicate = ({ request }: { request: Request }) => {
    const path = apiPath(new URL(request.url).pathname);
    if (path === null) return NO_MATCH;
    const got = path.split('/');
    if (rest ? got.length < fixed.length : got.length !== fixed.length) return NO_MATCH;
    const params: Params = Object.create(null);
    for (const [i, part] of fixed.entries()) {
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(got[i]);
        } catch {
          return NO_MATCH; // undecodable: the handler for those answers it
        }
      } else if (part !== got[i]) return NO_MATCH;
    }
    return { matches: true, params };
  };
  return Object.assign(predicate, { pattern });
}
