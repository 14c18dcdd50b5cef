/**
 * Which GETs the answer cache may keep: those whose every query parameter is one its endpoint reads. The key
 * holds the whole URL, so without this each junk parameter (`?x=1`, `?x=2`, …) would be an answer of its own,
 * and a client could fill the cache with copies of one answer and push out the ones worth keeping.
 */

const detail = ['geometry'];
/** Each endpoint's path after `/v1/` and the parameters it reads (src/service: regions, provinces, …). */
const KNOWN: [RegExp, ReadonlySet<string>][] = [
  [/^regions$/, new Set(['page', 'limit', 'geometry', 'output', 'search', 'codes', 'codes[]'])],
  [/^regions\/[^/]+$/, new Set(detail)],
  [/^provinces$/, new Set(['limit', 'region_id', 'page'])],
  [/^provinces\/[^/]+$/, new Set(detail)],
  [/^municities$/, new Set(['province', 'page', 'limit', 'name'])],
  [/^municities\/search$/, new Set(['q', 'limit'])],
  [/^municities\/[^/]+$/, new Set(detail)],
  [/^barangays$/, new Set(['province', 'municipality', 'name', 'page', 'limit'])],
  [/^barangays\/[^/]+$/, new Set()],
  [/^geocode$/, new Set(['q', 'limit'])],
  [/^geocode\/reverse$/, new Set(['lat', 'lng'])],
];

export function cacheable(url: URL): boolean {
  // The canonical path (src/contract/api-path.ts): `/v1/` at its start or nowhere.
  if (!url.pathname.startsWith('/v1/')) return false;
  const tail = url.pathname.slice(4);
  const known = KNOWN.find(([path]) => path.test(tail))?.[1];
  if (!known) return false;
  for (const name of url.searchParams.keys()) if (!known.has(name)) return false;
  return true;
}
