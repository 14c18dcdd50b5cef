import type { GazetteerEntry, Level } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { boundedDistance, deletions, editsAllowed } from './edit-distance.ts';
import { ALIASES, ALIASES_BY_CODE, type Hint, provinceShortForms, romanToNumber } from './lexicon.ts';
import { phoneticWord, phraseKey } from './name-keys.ts';
import { nameVariants } from './name-variants.ts';
import { normalWord, words } from './tokenize.ts';

/** The levels that say where a unit is (a town or above): the address's constraints. */
export const TOWN_OR_ABOVE = new Set<Level>(['Reg', 'Prov', 'Dist', 'SGA', 'City', 'Mun', 'SGU', 'SubMun']);

/** The level word that names a unit's level ("Brgy.", "City"). */
const HINT_OF: Record<Level, Hint | undefined> = {
  Reg: 'Reg',
  Prov: 'Prov',
  SGA: 'Prov',
  Dist: 'Prov',
  City: 'City',
  Mun: 'Mun',
  SGU: 'Mun',
  SubMun: undefined,
  Bgy: 'Bgy',
};

/** A unit as the index holds it: with its parents, by code (GeocodeHit.up) and as entries of the index. */
export interface Entry {
  g: GazetteerEntry;
  /** Entries above, nearest first: town, district, province (and the one an independent city lies in), region. */
  ancestors: number[];
  /** The codes of the units above, in the same order (the answer names them: src/service/answers/geocoded.ts). */
  up: string[];
  /** A city that stands apart from the province it lies in: that province's name, and the city's class. */
  independent?: { of: string; cityClass: string | null };
  poblacion: boolean;
}

/** One form of a unit's name, listed under its key. */
export interface Variant {
  entry: number;
  /** The unit's level, kept here as well: a lookup reads it for every form it finds. */
  level: Level;
  exact: string;
  alias: boolean;
  numeric: boolean;
  hint?: Hint;
  /**
   * A short form that stands for the whole name ("CDO", "QC", "N.E."): the letters of the name it stands for, which
   * it weighs as when it is a part of the address by itself ("Divisoria, CDO" read three letters of
   * "CDO" against nine of a Divisoria elsewhere).
   */
  standsFor?: number;
  /** The name of a barangay split in parts, as it was before ("Tulay" of Tulay Silangan and Tulay Kanluran). */
  before?: boolean;
}

/** The words a barangay split in parts is told apart by, after its old name: "Tulay Silangan", "Bolo Norte". */
const SPLIT_PART =
  /\s+(?:(?:del?\s+)?(?:norte|sur|north|south|east|west|este|oeste)|silangan|kanluran|hilaga|timog|grande|peque[ñn]o|big|small)$/i;
/** Old names too general to stand for one barangay: "Poblacion Norte" is not "Poblacion". */
const GENERAL = /^(?:poblacion|barangay|zone|district|purok|centro|ilaya|ibaba|bagong)$/i;

/** A barangay's name before it was split in parts ("Muladbucad" of "Muladbucad Grande"), or null. */
function splitFrom(name: string): string | null {
  const base = name.replace(/\s*\([^)]*\)\s*$/, '').replace(SPLIT_PART, '');
  return base && base !== name && !GENERAL.test(base) && /\p{L}{3}/u.test(base) ? base : null;
}

/** A manual alias written in capitals, an acronym: "CDO", "QC", "SJDM". */
const ACRONYM = /^[A-Z]{2,}$/;

/** The most keys whose near keys are kept (a few MB at most), so text made to differ cannot grow it without end. */
const NEAR_KNOWN = 50_000;
const NO_KEYS: ReadonlyMap<string, number> = new Map();

/** How much a name shared by many units is discounted: by 1 / (1 + IDF × log10(units sharing it)). */
const IDF = 0.25;
/** What a name shared by `units` units is worth beside a name only one unit has. */
export const sharedWeight = (units: number) => 1 / (1 + IDF * Math.log10(units));

/**
 * The code list as the geocoder looks names up in it: every unit with its parents (an entry), and every form of
 * every name (a variant) by its key, with the keys one deletion away and in order, for near and typed words.
 */
export class GazetteerIndex {
  readonly entries: Entry[] = [];
  readonly byKey = new Map<string, Variant[]>();
  private readonly byDeletion = new Map<string, string[]>();
  private readonly sortedKeys: string[];
  private readonly nearKnown = new Map<string, ReadonlyMap<string, number>>();
  /**
   * The provinces' names as plain letters ("nuevoecija", "zamboangasur"), for a misspelling the sound keys do not
   * fold ("Neuva Ecija", "Nueva Ecjia"), with the form a match of one names.
   */
  readonly provinceForms: { plain: string; variant: Variant }[] = [];
  /** What the word "poblacion" is worth, shared as it is by hundreds of barangays. */
  readonly pobWeight: number;
  /** A town's poblacion barangays. */
  readonly poblacionOf = new Map<number, number[]>();
  /**
   * What scoring reads of each of the hundreds of units an address names, packed where the cache finds it:
   * entry i's ancestors (Entry.ancestors) are ancestorList[ancestorsFrom[i] … ancestorsFrom[i + 1] - 1],
   * townOrAbove[i] is 1 for a unit of TOWN_OR_ABOVE's levels, poblacion[i] 1 for a poblacion (Entry.poblacion).
   */
  readonly ancestorsFrom: Int32Array;
  readonly ancestorList: Int32Array;
  readonly townOrAbove: Uint8Array;
  readonly poblacion: Uint8Array;

  constructor(data: Dataset, gazetteer: GazetteerEntry[]) {
    const indexOf = new Map<string, number>();
    const usable = gazetteer.filter((g) => g.point);
    usable.forEach((g, i) => {
      indexOf.set(g.code, i);
    });
    const display = (code: string): string => {
      const unit = data.byCode.get(code);
      return !unit ? '' : unit.level === 'Dist' ? 'Metro Manila' : unit.name;
    };
    for (const g of usable) {
      const unit = data.byCode.get(g.code);
      const chain = [...g.chain].reverse();
      const geoProvince =
        data.hierarchy.geoProvince[g.code] ?? chain.map((c) => data.hierarchy.geoProvince[c]).find(Boolean);
      const parentCodes = geoProvince ? insertAfterTown(chain, geoProvince, data) : chain;
      const up = [...new Set(parentCodes.filter((c) => data.byCode.has(c)))];
      const ancestors = [...new Set(parentCodes.map((c) => indexOf.get(c)).filter((i) => i !== undefined))];
      const town = data.municities.get(g.code);
      const independent =
        town?.independent && geoProvince ? { of: display(geoProvince), cityClass: town.unit.cityClass } : undefined;
      this.entries.push({
        g,
        ancestors,
        up,
        ...(independent && { independent }),
        poblacion: !!unit?.poblacion || /\bpob\b|poblacion/i.test(g.name),
      });
    }
    // Every form of every name
    this.entries.forEach((e, entry) => {
      const names: { name: string; alias: boolean; manual?: boolean; before?: boolean }[] = [
        { name: e.g.name, alias: false },
      ];
      for (const old of e.g.oldNames) names.push({ name: old, alias: true });
      for (const a of ALIASES.get(e.g.name) ?? []) names.push({ name: a, alias: true, manual: true });
      for (const a of ALIASES_BY_CODE.get(e.g.code) ?? []) names.push({ name: a, alias: true, manual: true });
      if (e.g.level === 'Reg') {
        const numeral = e.g.name.match(/^Region ([IVX]+(?:-[AB])?)/)?.[1];
        if (numeral) names.push({ name: `Region ${romanToNumber(numeral)}`, alias: true });
      }
      // "Zamboanga del Sur" as "Zamboanga Sur", "Tondo I/II" as "Tondo"
      const noDel = e.g.name.replace(/ (del|de) (Norte|Sur)$/i, ' $2');
      if (noDel !== e.g.name) names.push({ name: noDel, alias: true });
      if (e.g.level === 'SubMun') names.push({ name: e.g.name.replace(/\s+[IVX/]+$/, ''), alias: true });
      const before = e.g.level === 'Bgy' ? splitFrom(e.g.name) : null;
      if (before) names.push({ name: before, alias: true, before: true });
      const own = nameVariants(e.g.name);
      const letters = Math.max(...own.map((v) => v.exact.replace('~', '').length));
      for (const { name, alias, manual, before } of names) {
        // (a town's or a province's: a region's acronym, "NCR", stays the three letters it is)
        const acronym = manual && ACRONYM.test(name) && e.g.level !== 'Reg';
        for (const v of nameVariants(name)) {
          this.addKey(v.key, {
            entry,
            level: e.g.level,
            exact: v.exact,
            alias: alias || v.alias,
            numeric: v.numeric,
            // a form people use ("Metro Manila", "QC") needs no level word to be read as that level
            hint: manual ? undefined : (v.hint ?? HINT_OF[e.g.level]),
            ...(acronym && { standsFor: letters }),
            ...(before && { before }),
          });
        }
      }
      // A province's initials and code, written with their dots ("N.E.", "Pam."): tokenize gives them these keys
      if (e.g.level === 'Prov') {
        for (const name of new Set([e.g.name, noDel])) {
          const plain = words(name)
            .map((w) => normalWord(w.raw))
            .join('');
          const variant: Variant = { entry, level: 'Prov', exact: plain, alias: true, numeric: false };
          this.provinceForms.push({ plain, variant });
        }
        for (const short of provinceShortForms(e.g.name)) {
          this.addKey(phraseKey([short], [short]), {
            entry,
            level: 'Prov',
            exact: short,
            alias: true,
            numeric: false,
            standsFor: letters,
          });
        }
      }
    });
    this.sortedKeys = [...this.byKey.keys()].sort();
    this.entries.forEach((e, i) => {
      if (e.g.level !== 'Bgy' || !e.poblacion || e.ancestors[0] === undefined) return;
      const list = this.poblacionOf.get(e.ancestors[0]);
      if (list) list.push(i);
      else this.poblacionOf.set(e.ancestors[0], [i]);
    });
    this.pobWeight = sharedWeight(this.byKey.get(phoneticWord('poblacion'))?.length ?? 1);
    this.ancestorsFrom = new Int32Array(this.entries.length + 1);
    this.ancestorList = new Int32Array(this.entries.reduce((n, e) => n + e.ancestors.length, 0));
    this.townOrAbove = new Uint8Array(this.entries.length);
    this.poblacion = new Uint8Array(this.entries.length);
    this.entries.forEach((e, i) => {
      this.ancestorList.set(e.ancestors, this.ancestorsFrom[i]);
      this.ancestorsFrom[i + 1] = this.ancestorsFrom[i] + e.ancestors.length;
      this.townOrAbove[i] = TOWN_OR_ABOVE.has(e.g.level) ? 1 : 0;
      this.poblacion[i] = e.poblacion ? 1 : 0;
    });
  }

  private addKey(key: string, variant: Variant) {
    let list = this.byKey.get(key);
    if (!list) {
      list = [];
      this.byKey.set(key, list);
      if (key.length >= 5) {
        for (const d of deletions(key)) {
          const keys = this.byDeletion.get(d);
          if (keys) keys.push(key);
          else this.byDeletion.set(d, [key]);
        }
      }
    }
    // a unit's forms are added together, so a repeat can only be at the end of the list
    for (let i = list.length - 1; i >= 0 && list[i].entry === variant.entry; i--)
      if (list[i].exact === variant.exact) return;
    list.push(variant);
  }

  /**
   * Keys near `key`: within the edits its length allows, with the distance. Worked out once a key: each of a key's
   * deletions is a new string hashed and looked up in a map of a quarter of a million, 10% of matchAddress's time,
   * and a file's addresses repeat their streets and places. At most NEAR_KNOWN keys are kept.
   */
  near(key: string): ReadonlyMap<string, number> {
    let found = this.nearKnown.get(key);
    if (!found) {
      const near = this.nearUncached(key);
      // most keys have none: they share one empty map
      found = near.size ? near : NO_KEYS;
      if (this.nearKnown.size < NEAR_KNOWN) this.nearKnown.set(key, found);
    }
    return found;
  }

  private nearUncached(key: string): Map<string, number> {
    const found = new Map<string, number>();
    const max = editsAllowed(key.length);
    if (!max) return found;
    for (const d of deletions(key)) {
      for (const k of this.byDeletion.get(d) ?? []) {
        if (found.has(k) || k === key) continue;
        const distance = boundedDistance(key, k, max);
        if (distance <= max && distance <= editsAllowed(k.length)) found.set(k, distance);
      }
    }
    return found;
  }

  /** Keys starting with `key`, for the word being typed; at most `limit`. */
  prefixed(key: string, limit: number): string[] {
    let lo = 0;
    let hi = this.sortedKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedKeys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sortedKeys.length && out.length < limit; i++) {
      if (!this.sortedKeys[i].startsWith(key)) break;
      if (this.sortedKeys[i] !== key) out.push(this.sortedKeys[i]);
    }
    return out;
  }
}

/** The codes above a unit, with the province its town lies in (an independent city's) right after the town. */
function insertAfterTown(chain: string[], province: string, data: Dataset): string[] {
  const out: string[] = [];
  for (const code of chain) {
    out.push(code);
    const unit = data.byCode.get(code);
    if (unit && (unit.level === 'City' || unit.level === 'Mun') && data.hierarchy.geoProvince[code] === province) {
      out.push(province);
    }
  }
  if (!out.includes(province)) out.splice(Math.max(0, out.length - 1), 0, province);
  return out;
}
