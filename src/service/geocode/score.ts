/**
 * A unit as the reading of a whole address: what its own words and its parents' words explain, less the towns and
 * provinces the address names that it is not in; and what the reading leaves unexplained (a barangay the town does
 * not have, a town the barangay is not in).
 */
import type { Level } from '../../dataset/types.ts';
import type { GazetteerIndex } from './gazetteer-index.ts';
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
}

/** The levels that say where a unit is (a town or above): the address's constraints. */
export const TOWN_OR_ABOVE = new Set<Level>(['Reg', 'Prov', 'Dist', 'SGA', 'City', 'Mun', 'SGU', 'SubMun']);

/** Scores one unit: its own words, then its parents' words that the text also has, none overlapping. */
export function scoreUnit(
  index: GazetteerIndex,
  entry: number,
  own: Match[],
  byEntry: Map<number, Match[]>,
  poblacion: Match[],
  named: Match[],
): Scored {
  const e = index.entries[entry];
  let best: Scored | undefined;
  for (const first of own.slice(0, 3)) {
    const used: Match[] = [first];
    const free = (m: Match) => used.every((u) => m.end <= u.start || m.start >= u.end);
    let total = first.value;
    let context = TOWN_OR_ABOVE.has(e.g.level) ? first.value : 0;
    for (const a of e.ancestors) {
      const candidates = byEntry.get(a);
      if (!candidates) continue;
      const m = candidates.find(free);
      if (!m) continue;
      used.push(m);
      total += m.value;
      context += m.value;
    }
    // the unit's other names in the text, once its parents have taken theirs ("Bgy. No. 42, Apaya")
    for (const m of own) {
      if (m !== first && free(m)) {
        used.push(m);
        total += m.value;
      }
    }
    // "(Pob.)" after a poblacion barangay's name
    if (e.poblacion) {
      const m = poblacion.find(free);
      if (m) {
        used.push(m);
        total += m.value * 0.9;
      }
    }
    // Towns and provinces the text names that this unit is not in: each counts against it
    const mine = new Set([entry, ...e.ancestors]);
    let against = 0;
    let lastEnd = -1;
    // (an address goes from the street to the province, so only what is named after the unit's own words
    // constrains it: "Bonifacio Global City, Taguig" is in Taguig, not in Bonifacio)
    for (const m of named) {
      if (m.start < first.end || mine.has(m.entry) || m.start < lastEnd) continue;
      if (!used.every((u) => m.end <= u.start || m.start >= u.end)) continue;
      if (byEntryHasMine(byEntry, m, mine)) continue;
      against += m.value;
      lastEnd = m.end;
    }
    const s = { entry, score: total - against, context, total, used };
    if (!best || s.score > best.score || (s.score === best.score && s.context > best.context)) best = s;
  }
  return best!;
}

/** Whether the words of a mention also name one of the candidate's own units (the same words, another reading). */
function byEntryHasMine(byEntry: Map<number, Match[]>, m: Match, mine: Set<number>): boolean {
  // about as well: "Batangas" the province excuses "Batangas" the city; "Davao City" read as Davao Region does not
  for (const entry of mine) {
    if (byEntry.get(entry)?.some((o) => o.start < m.end && m.start < o.end && o.quality >= 0.9 * m.quality))
      return true;
  }
  return false;
}

/** A town answered for an address that named a barangay it does not have, or a barangay outside the named town. */
export function explainMisses(index: GazetteerIndex, s: Scored, matches: Match[], tokens: Token[], text: string) {
  const e = index.entries[s.entry];
  const free = (m: { start: number; end: number }) => s.used.every((u) => m.end <= u.start || m.start >= u.end);
  const textOf = (m: { start: number; end: number }) => text.slice(tokens[m.start].start, tokens[m.end - 1].end);
  const strong = matches.filter((m) => free(m) && m.quality >= 0.75 && !tokens[m.start].noise);
  if (e.g.level !== 'Bgy') {
    // a name after "Brgy." that nothing explains, or a barangay name that is not in this town
    const hinted = tokens.findIndex(
      (t, i) => t.level === 'Bgy' && tokens[i + 1] && !tokens[i + 1].level && free({ start: i + 1, end: i + 2 }),
    );
    const bgy = strong.find((m) => index.entries[m.entry].g.level === 'Bgy');
    if (hinted >= 0) {
      let end = hinted + 2;
      while (end < tokens.length && tokens[end].part === tokens[hinted + 1].part && !tokens[end].level) end++;
      s.notFound = { level: 'Bgy', text: textOf({ start: hinted + 1, end }) };
    } else if (bgy && TOWN_OR_ABOVE.has(e.g.level) && e.g.level !== 'SubMun') {
      s.notFound = { level: 'Bgy', text: textOf(bgy) };
    }
  }
  if (e.g.level === 'Bgy' || e.g.level === 'SubMun') {
    const town = strong.find((m) => {
      const level = index.entries[m.entry].g.level;
      return (level === 'City' || level === 'Mun') && m.quality >= 0.9;
    });
    if (town && !s.used.some((u) => u.start === town.start)) s.outside = { level: 'town', text: textOf(town) };
  }
}
