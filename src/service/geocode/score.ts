/**
 * A unit as the reading of a whole address: what its own words and its parents' words explain, less the towns and
 * provinces the address names that it is not in; and what the reading leaves unexplained (a barangay the town does
 * not have, a town the barangay is not in).
 */
import { type GazetteerIndex, TOWN_OR_ABOVE } from './gazetteer-index.ts';
import type { Match } from './matches.ts';
import type { Token } from './tokenize.ts';

/** A unit as a reading of the whole address: what it explains, what it contradicts, what it misses. */
export interface Scored {
  entry: number;
  /** What it explains less what it contradicts: the ranking. */
  score: number;
  /** What the town-or-above parts of the text agree with: the constraint. */
  context: number;
  /** All the text it explains, weighted by how exactly. */
  total: number;
  used: Match[];
  notFound?: { level: 'Bgy' | 'town'; text: string };
  outside?: { level: 'town' | 'province'; text: string };
  /** The province named with a town only one province has, which the unit is not in (explainMisses says so). */
  outsideProvince?: Match;
}

/** The mention of a town only one province has, if the reading uses one. */
function uniqueTownIn(used: Match[], uniqueTowns: Match[]): Match | undefined {
  for (const u of uniqueTowns) if (used.includes(u)) return u;
  return undefined;
}

/** The mentions of each parent of the unit being scored, reused from unit to unit (scoreUnit runs ~200 an address). */
const PARENTS: Match[][] = [];

/** Whether a run of words overlaps none of the runs a reading already uses. */
function isFree(used: Match[], m: { start: number; end: number }): boolean {
  for (let k = 0; k < used.length; k++) if (m.end > used[k].start && m.start < used[k].end) return false;
  return true;
}

/** The first of `list` (best first) that overlaps none of `used`. */
function firstFree(list: Match[], used: Match[]): Match | undefined {
  for (const m of list) if (isFree(used, m)) return m;
  return undefined;
}

/**
 * Scores one unit: its own words, then its parents' words that the text also has, none overlapping. It runs for
 * every unit any run of the address names (some 200 an address, Poblacion alone is 600 barangays), so it is
 * written as plain loops: no closures, sets or copies a unit.
 */
export function scoreUnit(
  index: GazetteerIndex,
  entry: number,
  own: Match[],
  byEntry: Map<number, Match[]>,
  poblacion: Match[],
  named: Match[],
  uniqueTowns: Match[],
): Scored {
  // its parents, from the index's packed arrays: ancestors[from … to - 1]
  const ancestors = index.ancestorList;
  const from = index.ancestorsFrom[entry];
  const to = index.ancestorsFrom[entry + 1];
  const townOrAbove = index.townOrAbove[entry] === 1;
  const poblacionUnit = index.poblacion[entry] === 1;
  const level = index.entries[entry].g.level;
  // the parents the address mentions at all, each's mentions best first (most units have none or one)
  let mentioned = 0;
  for (let k = from; k < to; k++) {
    const candidates = byEntry.get(ancestors[k]);
    if (candidates) PARENTS[mentioned++] = candidates;
  }
  let best: Scored | undefined;
  const firsts = Math.min(3, own.length);
  for (let f = 0; f < firsts; f++) {
    const first = own[f];
    const used: Match[] = [first];
    let total = first.value;
    let context = townOrAbove ? first.value : 0;
    // each parent's best mention, the one worth most first: a town's name inside its province's ("Davao" of "Wines,
    // Davao del Sur", the City of Davao lying in Davao del Sur) leaves those words to the province's whole name; and
    // not words the address says are another town or province (firstFreeOwn: "City of Davao" is no mention of the
    // Davao Region for a Poblacion of Sulop, Davao del Sur; it is a town that Poblacion is not in)
    let taken = 0;
    for (let round = 0; round < mentioned; round++) {
      let pick: Match | undefined;
      let picked = 0;
      for (let p = 0; p < mentioned; p++) {
        if (taken & (1 << p)) continue;
        const m = firstFreeOwn(PARENTS[p], used, named);
        if (m && (!pick || m.value > pick.value)) {
          pick = m;
          picked = p;
        }
      }
      if (!pick) break;
      taken |= 1 << picked;
      used.push(pick);
      total += pick.value;
      context += pick.value;
    }
    // every other mention of a parent, once each has its best: "San Fernando, Pampangga, 2000 Pampanga" says
    // Pampanga twice for San Fernando as for the province. Not a word of a parent's longer name that
    // another parent took ("Dinagat" of "Dinagat Islands"), nor one the unit's own name reads better ("Manila, Manila"
    // is the city's twice, not the region's once), nor one that names another town or province better ("Manila" in
    // "Recto Avenue, Manila, Metro Manila" is the city, not the region a second time).
    for (let k = from; k < to; k++) {
      const candidates = byEntry.get(ancestors[k]);
      if (!candidates) continue;
      for (const m of candidates) {
        if (!isFree(used, m) || ownReadsBetter(own, first, m) || namesAnotherBetter(named, m)) continue;
        used.push(m);
        total += m.value;
        context += m.value;
      }
    }
    // the unit's other names in the text, once its parents have taken theirs ("Bgy. No. 42, Apaya")
    for (const m of own) {
      if (m !== first && isFree(used, m)) {
        used.push(m);
        total += m.value;
      }
    }
    // "(Pob.)" after a poblacion barangay's name
    if (poblacionUnit) {
      const m = firstFree(poblacion, used);
      if (m) {
        used.push(m);
        total += m.value * 0.9;
      }
    }
    // Towns and provinces the text names that this unit is not in: each counts against it
    let against = 0;
    let lastEnd = -1;
    // ... but a province named with a town only one province has is the writer's slip, not a constraint: the town
    // keeps its score and says the province disagrees ("Tagaytay, Batangas": Tagaytay is in Cavite)
    const unique = uniqueTownIn(used, uniqueTowns);
    let outsideProvince: Match | undefined;
    // (an address goes from the street to the province, so only what is named after the unit's own words
    // constrains it: "Bonifacio Global City, Taguig" is in Taguig, not in Bonifacio)
    for (const m of named) {
      if (m.start < first.end || m.entry === entry || m.start < lastEnd) continue;
      if (isAncestor(ancestors, from, to, m.entry) || !isFree(used, m)) continue;
      if (namesMine(byEntry, m, entry, ancestors, from, to)) continue;
      lastEnd = m.end;
      // (a province after the town, where its province is written: "Sasa, Pampanga, City of Davao" is a barangay
      // Pampanga of Davao, not Davao's province)
      if (unique && m.start >= unique.end && index.entries[m.entry].g.level === 'Prov') {
        // read as the writer's idea of where the town is: for the town, as its own province would be, never against
        // it (at half its worth, a long province's name outweighed a short town's: "Poblacion, Ipil, Z.D.S.")
        if (!outsideProvince) {
          outsideProvince = m;
          used.push(m);
          total += m.value;
          context += m.value;
        }
        continue;
      }
      against += m.value;
    }
    // and a province read for an address that names, before it, a town only one province has and which is not in
    // it, leaves that town unexplained: it counts against the reading.
    // So does such a town's name around the unit's own words ("Sr" of "Sergio Osmeña Sr" read as Bgy Senior).
    for (const u of uniqueTowns) {
      if (u.entry === entry || !isFree(used, u)) continue;
      const before = u.end <= first.start && level === 'Prov';
      const around = u.start <= first.start && u.end >= first.end && u.end - u.start > first.end - first.start;
      if (!before && !around) continue;
      const uFrom = index.ancestorsFrom[u.entry];
      if (!isAncestor(ancestors, uFrom, index.ancestorsFrom[u.entry + 1], entry)) against += u.value;
    }
    const score = total - against;
    if (!best || score > best.score || (score === best.score && context > best.context)) {
      best = { entry, score, context, total, used, ...(outsideProvince && { outsideProvince }) };
    }
  }
  return best!;
}

/**
 * The first of a parent's mentions (best first) that overlaps none of `used` and whose words are not, as the address
 * writes them, another town or province: one that reads them at least twice as well (a level word beside them names
 * the other's level: "City of Davao" read as the Davao Region weighs half the city; "Davao" alone, 0.8 of it).
 */
function firstFreeOwn(list: Match[], used: Match[], named: Match[]): Match | undefined {
  for (const m of list) {
    if (!isFree(used, m)) continue;
    let another = false;
    for (const o of named) {
      if (o.entry !== m.entry && o.start === m.start && o.end === m.end && o.quality >= 2 * m.quality) another = true;
    }
    if (!another) return m;
  }
  return undefined;
}

/** Whether one of the unit's other names reads the words of a parent's mention better than the parent does. */
function ownReadsBetter(own: Match[], first: Match, m: Match): boolean {
  for (const o of own) if (o !== first && o.start === m.start && o.end === m.end && o.value > m.value) return true;
  return false;
}

/** Whether the words of a parent's mention name another town or province better than they name the parent. */
function namesAnotherBetter(named: Match[], m: Match): boolean {
  for (const o of named)
    if (o.entry !== m.entry && o.start === m.start && o.end === m.end && o.value > m.value) return true;
  return false;
}

function isAncestor(ancestors: Int32Array, from: number, to: number, entry: number): boolean {
  for (let k = from; k < to; k++) if (ancestors[k] === entry) return true;
  return false;
}

/** Whether the words of a mention also name the candidate or one of its parents (the same words, another reading). */
function namesMine(
  byEntry: Map<number, Match[]>,
  m: Match,
  entry: number,
  ancestors: Int32Array,
  from: number,
  to: number,
): boolean {
  // about as well: "Batangas" the province excuses "Batangas" the city; "Davao City" read as Davao Region does not
  if (overlapsAsWell(byEntry.get(entry), m)) return true;
  for (let k = from; k < to; k++) if (overlapsAsWell(byEntry.get(ancestors[k]), m)) return true;
  return false;
}

function overlapsAsWell(list: Match[] | undefined, m: Match): boolean {
  if (!list) return false;
  for (const o of list) if (o.start < m.end && m.start < o.end && o.quality >= 0.9 * m.quality) return true;
  return false;
}

/** A town answered for an address that named a barangay it does not have, or a barangay outside the named town. */
export function explainMisses(index: GazetteerIndex, s: Scored, matches: Match[], tokens: Token[], text: string) {
  const e = index.entries[s.entry];
  const textOf = (start: number, end: number) => text.slice(tokens[start].start, tokens[end - 1].end);
  // the first strong mention (not in a street, not used by this reading) of a level
  const strong = (bgy: boolean): Match | undefined => {
    for (const m of matches) {
      if (!isFree(s.used, m) || m.quality < 0.75 || tokens[m.start].noise) continue;
      const level = index.entries[m.entry].g.level;
      if (bgy ? level === 'Bgy' : (level === 'City' || level === 'Mun') && m.quality >= 0.9) return m;
    }
    return undefined;
  };
  if (e.g.level !== 'Bgy') {
    // a name after "Brgy." that nothing explains, or a barangay name that is not in this town
    const hinted = tokens.findIndex(
      (t, i) =>
        t.level === 'Bgy' && tokens[i + 1] && !tokens[i + 1].level && isFree(s.used, { start: i + 1, end: i + 2 }),
    );
    if (hinted >= 0) {
      let end = hinted + 2;
      while (end < tokens.length && tokens[end].part === tokens[hinted + 1].part && !tokens[end].level) end++;
      s.notFound = { level: 'Bgy', text: textOf(hinted + 1, end) };
    } else if (TOWN_OR_ABOVE.has(e.g.level) && e.g.level !== 'SubMun') {
      const bgy = strong(true);
      if (bgy) s.notFound = { level: 'Bgy', text: textOf(bgy.start, bgy.end) };
    }
  }
  if (e.g.level === 'Bgy' || e.g.level === 'SubMun') {
    const town = strong(false);
    if (town && !s.used.some((u) => u.start === town.start)) {
      s.outside = { level: 'town', text: textOf(town.start, town.end) };
    }
  }
  if (!s.outside && s.outsideProvince) {
    s.outside = { level: 'province', text: textOf(s.outsideProvince.start, s.outsideProvince.end) };
  }
}
