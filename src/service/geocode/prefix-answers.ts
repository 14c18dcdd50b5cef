/**
 * The geocoder's own answers to the names of places as people type them, worked out ahead of time:
 * every prefix of every region's, province's, city's and municipality's name ("ca", "cal" … "calamba"), answered
 * by the full geocoder when the data is built (src/server/prefix-answers-cli.ts) and written in small files by
 * their first two letters. A page whose geocoder is not built yet (8 MB of names read and indexed: seconds) answers
 * a typed town from them at once; the geocoder answers everything else, and everything once it is built. The
 * answers are the geocoder's, not a second matcher's, so the two cannot differ (prefix-answers.country.test.ts compares them
 * on real place names typed letter by letter); a file built by another version of the geocoder is rebuilt
 * (the CLI keeps a hash of the service's code beside them).
 */
import { isLongEnoughQuery } from '../../contract/rules.ts';
import type { Unit } from '../../dataset/types.ts';
import { bareName } from '../bare-name.ts';
import type { GeocodeHit, GeocodeHits } from './hit.ts';

/** Where they are, beside the built data. */
export const PREFIX_DIR = 'prefix-answers';
export const prefixIndexPath = `${PREFIX_DIR}/index.json`;

/** What the index says of the answers: who made them (a hash of the data and of the service's code) and how many. */
export interface PrefixIndex {
  hash: string;
  queries: number;
  shards: number;
}

/** The fields of a candidate that depend on the query; the rest are the place's own, kept once a file. */
const PER_QUERY = ['score', 'matched', 'confidence', 'not_found', 'outside', 'zip'] as const;
type PerQuery = Pick<GeocodeHit, (typeof PER_QUERY)[number]>;

/** One file: the places its answers name, and each query's answer as places by number with what depends on it. */
export interface PrefixShard {
  places: Omit<GeocodeHit, (typeof PER_QUERY)[number]>[];
  answers: Record<string, { data: [number, PerQuery][]; suggestions?: string[] }>;
}

/** The levels whose names are kept: what people type to find a town, a province or a region. */
const TYPED_LEVELS = new Set(['Reg', 'Prov', 'Dist', 'City', 'Mun', 'SGU']);

/**
 * The queries answered ahead: each prefix of each name of those levels, in lower case, as people type them: the
 * name without the list's "City of" ("calamba"), and a city's as "X City" too ("quezon city"); from the shortest
 * the service answers (two letters) on; never one ending in a space, which the search box trims away.
 */
export function typedQueries(units: Iterable<Unit>): string[] {
  const out = new Set<string>();
  for (const unit of units) {
    if (!TYPED_LEVELS.has(unit.level)) continue;
    const bare = bareName(unit.name).toLowerCase();
    for (const name of unit.level === 'City' ? [bare, `${bare} city`] : [bare]) {
      for (let end = 1; end <= name.length; end++) {
        const q = name.slice(0, end);
        if (!/\s$/.test(q) && isLongEnoughQuery(q)) out.add(q);
      }
    }
  }
  return [...out].sort();
}

/** The file a query's answer is in: its first two characters, each a letter or digit or its code point. */
export function shardOf(q: string): string {
  return [...q.toLowerCase().slice(0, 2)].map((c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0)}`)).join('');
}
export const prefixShardPath = (shard: string) => `${PREFIX_DIR}/${shard}.json`;

/** Answers (of the geocoder, limit 50) by query, packed in their files. */
export function packShards(answers: Map<string, GeocodeHits>): Map<string, PrefixShard> {
  const shards = new Map<string, { shard: PrefixShard; placeOf: Map<string, number> }>();
  for (const [q, answer] of answers) {
    const name = shardOf(q);
    let entry = shards.get(name);
    if (!entry) {
      entry = { shard: { places: [], answers: {} }, placeOf: new Map() };
      shards.set(name, entry);
    }
    const { shard, placeOf } = entry;
    const data: [number, PerQuery][] = answer.data.map((c) => {
      const own: Record<string, unknown> = {};
      const per: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(c)) ((PER_QUERY as readonly string[]).includes(k) ? per : own)[k] = v;
      const key = JSON.stringify(own);
      let at = placeOf.get(key);
      if (at === undefined) {
        at = shard.places.length;
        shard.places.push(own as PrefixShard['places'][number]);
        placeOf.set(key, at);
      }
      return [at, per as PerQuery];
    });
    shard.answers[q] = { data, ...(answer.suggestions && { suggestions: answer.suggestions }) };
  }
  return new Map([...shards].map(([name, { shard }]) => [name, shard]));
}

/**
 * The stored answer to `q` at `limit`, or null where none is stored. The answers are kept for the lower-case
 * query; the geocoder reads letters without their case, and gives back only the words of the query it matched
 * (`matched`, `not_found`, `outside`) as written, which are taken from `q` at the same place. The first `limit`
 * of the answer at 50 are the answer at `limit` (the geocoder ranks them all, then keeps that many).
 */
export function storedAnswer(shard: PrefixShard, q: string, limit: number): GeocodeHits | null {
  const key = q.toLowerCase();
  const stored = Object.hasOwn(shard.answers, key) ? shard.answers[key] : undefined;
  if (!stored || key.length !== q.length) return null;
  const asWritten = (text: string): string | null => {
    if (key === q) return text;
    const at = key.indexOf(text);
    if (at < 0) return null;
    const written = q.slice(at, at + text.length);
    // the same words elsewhere in the query, written otherwise: which of them was matched is not known
    for (let i = key.indexOf(text, at + 1); i >= 0; i = key.indexOf(text, i + 1))
      if (q.slice(i, i + text.length) !== written) return null;
    return written;
  };
  const data: GeocodeHit[] = [];
  for (const [place, per] of stored.data.slice(0, limit)) {
    const candidate = { ...shard.places[place], ...per } as GeocodeHit;
    if (per.matched) {
      const matched: Record<string, string> = {};
      for (const [role, text] of Object.entries(per.matched)) {
        const written = asWritten(text);
        if (written === null) return null;
        matched[role] = written;
      }
      candidate.matched = matched;
    }
    for (const field of ['not_found', 'outside'] as const) {
      const value = per[field];
      if (!value) continue;
      const written = asWritten(value.text);
      if (written === null) return null;
      (candidate as unknown as Record<string, unknown>)[field] = { ...value, text: written };
    }
    data.push(candidate);
  }
  return { data, ...(stored.suggestions && { suggestions: stored.suggestions }) };
}
