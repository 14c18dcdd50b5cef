import type { GeocodeCandidate, MatchStatus } from '../../contract/types.ts';

/**
 * What the geocoder finds for an address: a unit of the code list (or a barangay split since) by its code, with
 * how well and by which words it matched, and the codes of the units above it. The names of those units and the
 * explorer's ids are the answer's, read from the read model (src/service/answers/geocoded.ts): the geocoder's
 * index is the code list's, shared by every service over it, while a reorganization moves units under others.
 * Plain data: it crosses from worker threads and Web Workers by structured clone.
 */
export type GeocodeHit = Omit<GeocodeCandidate, 'parents' | 'region_id' | 'province_id' | 'municity_id'> & {
  /** The codes of the units above, nearest first: town, district, province (and the one an independent city lies in), region. */
  up: string[];
};

/** The geocoder's answer to GET /v1/geocode's `q`: its hits, and the nearest spellings when there are none. */
export interface GeocodeHits {
  data: GeocodeHit[];
  suggestions?: string[];
}

/**
 * How one address of a batch matched: the places offered (the best first), or why none is. An ambiguous row's
 * reason is the best place's note, which names its parents, so it is the answer's too (answers/matched.ts).
 */
export interface MatchHits {
  status: MatchStatus;
  hits: GeocodeHit[];
  reason?: string;
}
