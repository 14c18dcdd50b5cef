import { GEOCODE_LIMIT, type GeocodeResults } from '../../api/geocode.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import { splitText } from '../../contract/split-text.ts';
import type { GeocodeCandidate, GeocodeMatched, PlaceRef } from '../../contract/types.ts';

/** How many candidates the drop-down list shows; the rest are behind "Show all" when the name is ambiguous. */
export const SHOWN = 8;

const LEVEL_NAMES: Record<string, string> = {
  Reg: 'Region',
  Prov: 'Province',
  Dist: 'District',
  SGA: 'Special Geographic Area',
  City: 'City',
  Mun: 'Municipality',
  SubMun: 'District',
  SGU: 'SGA cluster',
  Bgy: 'Barangay',
};

const MATCHED_ORDER: (keyof GeocodeMatched)[] = ['barangay', 'district', 'town', 'province', 'region'];

const CITY_CLASSES: Record<string, string> = {
  HUC: 'Highly urbanized city',
  ICC: 'Independent component city',
};

/**
 * "City · Bohol · Region VII (Central Visayas)": what the candidate is and what it lies in. An independent city
 * says so, and that the province it lies in is not its own: "Highly urbanized city · independent of Davao del
 * Sur · Region XI (Davao Region)".
 */
export function contextText(c: GeocodeCandidate): string {
  if (c.independent_of) {
    const kind = CITY_CLASSES[c.city_class ?? ''] ?? 'Independent city';
    const rest = c.parents.filter((p) => p !== c.independent_of);
    return [kind, `independent of ${c.independent_of}`, ...rest].join(' · ');
  }
  return [LEVEL_NAMES[c.level] ?? c.level, ...c.parents].join(' · ');
}

/**
 * "matched barangay “5”, town “Laoag” · not in Laoag · 96%": which words of the query each level matched, what
 * the candidate is not (a broader unit, or one outside the town named), and how sure the match is. Empty when the
 * service sends none of these (a server without the extensions).
 */
export function matchedText(c: GeocodeCandidate): string {
  const parts: string[] = [];
  // A code of an older list: the place it names now, under its code now.
  if (c.recoded_from)
    parts.push(`PSGC ${c.recoded_from.code} (${c.recoded_from.vintages.join(', ')}) is now ${c.code}`);
  const words = MATCHED_ORDER.filter((level) => c.matched?.[level]).map((level) => `${level} “${c.matched?.[level]}”`);
  if (words.length) parts.push(`matched ${words.join(', ')}`);
  if (c.not_found) parts.push(`${unitName(c.not_found.level).toLowerCase()} “${c.not_found.text}” not found`);
  if (c.outside) parts.push(`not in ${c.outside.text}`);
  if (c.zip) parts.push(zipText(c));
  if (c.part_of) parts.push(`part of ${c.part_of.name} since ${c.part_of.since}, no boundary of its own yet`);
  if (typeof c.confidence === 'number') parts.push(`${Math.round(c.confidence * 100)}%`);
  return parts.join(' · ');
}

/**
 * What the query's ZIP code says of a candidate: "ZIP 4027 agrees", "placed by ZIP 4027", or "ZIP 4027 is City of
 * Calamba, not Los Baños" (a barangay's town is its first parent).
 */
export function zipText(c: GeocodeCandidate): string {
  if (!c.zip) return '';
  if (c.zip.alone) return `placed by ZIP ${c.zip.code}`;
  if (c.zip.agrees) return `ZIP ${c.zip.code} agrees`;
  const town = c.level === 'Bgy' ? (c.parents[0] ?? c.name) : c.name;
  return `ZIP ${c.zip.code} is ${c.zip.towns.join(' or ')}, not ${town}`;
}

const unitName = (level: 'Bgy' | 'town') => (level === 'Bgy' ? 'Barangay' : 'Town');

/** The province (or province-level area) a candidate lies in, from its parents; a province is its own. */
export function provinceOf(c: GeocodeCandidate): string | undefined {
  if (c.level === 'Prov') return c.name;
  // Parents run nearest first and end with the region, so the one before the region is the province.
  return c.parents.length >= 2 ? c.parents[c.parents.length - 2] : undefined;
}

/** A query's answer, shaped for the search box (used as React Query `select`). */
export interface SearchResults {
  all: GeocodeCandidate[];
  /** The first few, for the drop-down list. */
  shown: GeocodeCandidate[];
  /**
   * The best candidates tie (the same confidence as the user sees it, in whole percent): the name is ambiguous,
   * so the box says how many places it names and offers them all.
   */
  ambiguous: boolean;
  /** "50+" when the service's limit cut the answer short. */
  count: string;
  /** The provinces among all the candidates, sorted, each with how many candidates lie in it. */
  provinces: { name: string; count: number }[];
  suggestions: string[];
  /** Why nothing is answered, when the service says (an address abroad). */
  reason?: string;
}

const sureness = (c: GeocodeCandidate) =>
  typeof c.confidence === 'number' ? Math.round(c.confidence * 100) : Math.round(c.score * 1000);

export function shapeResults(answer: GeocodeResults): SearchResults {
  const all = answer.data;
  const [first, second] = all;
  const ambiguous = !!first && !!second && !first.not_found && sureness(first) === sureness(second);
  const perProvince = new Map<string, number>();
  for (const c of all) {
    const province = provinceOf(c);
    if (province) perProvince.set(province, (perProvince.get(province) ?? 0) + 1);
  }
  return {
    all,
    shown: all.slice(0, SHOWN),
    ambiguous,
    count: all.length >= GEOCODE_LIMIT ? `${all.length}+` : String(all.length),
    provinces: [...perProvince].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name)),
    suggestions: answer.suggestions ?? [],
    ...(answer.reason && { reason: answer.reason }),
  };
}

/** The search box's live status line, for the text in the box and the answer to it (undefined while pending). */
export function statusText(text: string, state: { results?: SearchResults; error?: Error | null }): string {
  const q = text.trim();
  if (!isLongEnoughQuery(q)) return '';
  if (state.error) return `Search failed: ${state.error.message}`;
  const results = state.results;
  if (!results) return 'Searching…';
  const first = results.all[0];
  if (!first) return results.reason ?? `No place matches “${q}”`;
  if (first.not_found) return notFoundText(first);
  if (results.ambiguous) return `${results.count} places found`;
  const n = results.shown.length;
  return `${n} place${n > 1 ? 's' : ''} found`;
}

/** "Barangay 176 (split in 2024 into 176-A to 176-F)": a candidate's name, with what became of it. */
export function candidateName(c: GeocodeCandidate): string {
  return c.split ? `${c.name} (${splitText(c.name, c.split)})` : c.name;
}

/** What the box says once a split barangay is chosen: that the map shows its old territory, and to choose a part. */
export function splitNotice(c: GeocodeCandidate): string {
  if (c.split)
    return `${c.name} was ${splitText(c.name, c.split)}. The map shows its old territory; choose a part if you know it.`;
  if (c.part_of)
    return `${c.name} is part of ${c.part_of.name} since ${c.part_of.since}, with no boundary of its own yet: the marker is inside ${c.part_of.name}'s old territory.`;
  return '';
}

/**
 * One part of a split barangay's candidate, as a candidate of its own: in the same town, placed at the old
 * territory's point (it has no polygon of its own), saying what it was part of.
 */
export function partCandidate(c: GeocodeCandidate, part: PlaceRef): GeocodeCandidate {
  const { split, matched, not_found, ...rest } = c;
  return {
    ...rest,
    id: part.code,
    code: part.code,
    name: part.name,
    ...(split && { part_of: { code: c.code, name: c.name, since: split.since } }),
  };
}

/** "Barangay “Poblacion” not found; showing Santo Tomas": the query named a unit the answer is a fallback for. */
export function notFoundText(c: GeocodeCandidate): string {
  return c.not_found ? `${unitName(c.not_found.level)} “${c.not_found.text}” not found; showing ${c.name}` : '';
}
