import { GEOCODE_Q_MAX } from '../../contract/rules.ts';
import { badParam } from '../errors.ts';
import { foldName, intParam, textParam } from '../params.ts';

/** GET /v1/geocode's parameters: `q` (required, some letters or digits, at most GEOCODE_Q_MAX) and `limit` (10, at most 50). */
export function geocodeParams(url: URL): { q: string; limit: number } {
  const q = textParam(url.searchParams, 'q', GEOCODE_Q_MAX);
  if (q === null || !foldName(q)) throw badParam('q', 'q is required');
  return { q, limit: intParam(url.searchParams, 'limit', 10, 50) };
}
