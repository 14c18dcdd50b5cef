/**
 * Towns only one province has, named in full: a province named beside one that disagrees is the writer's slip
 * ("Tagaytay City, Batangas" is Tagaytay, Cavite), unless that province holds a place of the town's name, which is
 * then what was meant ("San Sebastian, Camarines Sur" is the barangay of Lagonoy, not the town of Samar). The same
 * for a barangay no other unit is named as, written alone with a province and no town: "Taguitic, Zamboanga del
 * Sur" is the barangay of Kapatagan, Lanao del Norte, across the border, not the province with nothing of its name.
 */
import type { GazetteerIndex } from './gazetteer-index.ts';
import { BEFORE_SPLIT, type Match } from './matches.ts';
import type { Token } from './tokenize.ts';
import type { ZipIndex, ZipInText } from './zip.ts';

/**
 * How well another unit must read the town's words to be "of that name": as exactly as a sound key reads them, or
 * as the name a barangay had before it was split in parts reads either part ("Cordova, Iloilo" is Cordova Norte and
 * Cordova Sur of Tigbauan, not the town of Cebu); a name one edit away is not.
 */
const SAME_NAME = BEFORE_SPLIT;

/**
 * The strong mentions of a city or municipality whose words name no other town as well (among everything the
 * words were read as, near matches included): "Tagaytay", "Bauang" (Bauan, Batangas, only sounds like it), not
 * "San Jose" (dozens) nor "Calamba" (Laguna's and Misamis Occidental's). Only a town written as a part of the
 * address by itself (a level word aside: "Tagaytay City,"), as towns are: "Bonifacio" of "Bonifacio Global City"
 * or "Bautista" of "Gil Puyat Avenue corner Bautista" is a street's or a district's word. And only where no
 * province named after it, and not its own, holds a place of its name (namedProvinceHolds), unless the address's
 * ZIP code is the town's: "Hello wortld street, Antipolo, Laguna 1870" is the City of Antipolo, whose code 1870 is,
 * though Rizal, Laguna has a barangay Antipolo. A barangay the same, but its words must name no other unit at all as
 * well, and no town may be named after it ("Burgos Street, …, Ormoc City" is a street of Ormoc).
 */
export function uniqueTowns(
  index: GazetteerIndex,
  zips: ZipIndex,
  strong: Match[],
  matches: Match[],
  tokens: Token[],
  zip: ZipInText | null,
): Match[] {
  const isTown = (m: Match) => {
    const level = index.entries[m.entry].g.level;
    return level === 'City' || level === 'Mun';
  };
  // the town alone in its comma part, or followed there by a province's name only ("BORONGAN SAMAR", as
  // registries write it without commas)
  const provinceAfter = (m: Match) =>
    strong.some(
      (p) =>
        p.start === m.end &&
        index.entries[p.entry].g.level === 'Prov' &&
        wholePart(tokens, { start: m.start, end: p.end }),
    );
  const isBarangay = (m: Match) => index.entries[m.entry].g.level === 'Bgy';
  // words a province's name covers ("Zamboanga" of "Zamboanga del Sur" is no mention of the city)
  const inProvince = (o: Match) =>
    strong.some((p) => index.entries[p.entry].g.level === 'Prov' && p.start <= o.start && p.end >= o.end);
  // a barangay written alone in its part, and no town named after it: "Taguitic, Zamboanga del Sur"
  const barangayAlone = (m: Match) =>
    isBarangay(m) && wholePart(tokens, m) && !strong.some((o) => o.start >= m.end && isTown(o) && !inProvince(o));
  return strong.filter(
    (m) =>
      (isTown(m) || barangayAlone(m)) &&
      (wholePart(tokens, m) || provinceAfter(m)) &&
      !matches.some(
        (o) =>
          o !== m &&
          o.entry !== m.entry &&
          o.start === m.start &&
          o.end === m.end &&
          o.quality >= m.quality &&
          (isTown(o) || isBarangay(m)),
      ) &&
      (!namedProvinceHolds(index, m, strong, matches) || (!!zip?.strong && zips.agrees(m.entry, zip.code))),
  );
}

/**
 * Whether a province named after a town, and not the town's own, holds a place of the town's name: then the
 * province is no slip but what was meant ("BORONGAN SAMAR" has no Borongan in Samar to mean, so it is the city in
 * Eastern Samar).
 */
function namedProvinceHolds(index: GazetteerIndex, town: Match, strong: Match[], matches: Match[]): boolean {
  const { entries } = index;
  for (const p of strong) {
    if (p.start < town.end || entries[p.entry].g.level !== 'Prov') continue;
    if (entries[town.entry].ancestors.includes(p.entry)) continue;
    for (const o of matches) {
      if (o.start !== town.start || o.end !== town.end || o.entry === town.entry || o.quality < SAME_NAME) continue;
      if (entries[o.entry].ancestors.includes(p.entry)) return true;
    }
  }
  return false;
}

/** Whether a run of words is the whole of its comma part, but for level words ("Tagaytay City"). */
export function wholePart(tokens: Token[], m: Pick<Match, 'start' | 'end'>): boolean {
  const part = tokens[m.start].part;
  for (let i = m.start - 1; i >= 0 && tokens[i].part === part; i--) if (!tokens[i].level) return false;
  for (let i = m.end; i < tokens.length && tokens[i].part === part; i++) if (!tokens[i].level) return false;
  return true;
}
