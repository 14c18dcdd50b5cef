import type { CodeIndex, OldCodes, SplitBarangay } from '../../api/dataset.ts';
import { psgcCodeOf } from '../../contract/psgc.ts';
import type { PlaceLevel } from '../../ui/place-figures.ts';

/** A unit of the code list as a table's row is joined to it. */
export interface KnownUnit {
  code: string;
  /** The code list's level: Reg, Prov, Dist, City, Mun, SubMun, SGU, SGA, Bgy. */
  level: string;
  /** A province, NCR district, the SGA or a city that stands apart: drawn at the province level. */
  area: boolean;
}

/** How a row's code was read. */
export type CodeFound =
  | { kind: 'found'; unit: KnownUnit; via: 'psgc' | 'correspondence' | 'old'; note?: string }
  | { kind: 'empty' }
  | { kind: 'not-a-code'; text: string }
  | { kind: 'unknown'; text: string }
  | { kind: 'split'; text: string; split: SplitBarangay };

/**
 * How a column writes a nine-digit code: the old correspondence code (RR PP MM BBB, "012801000"), or a
 * ten-digit PSGC code whose leading zero a spreadsheet dropped when it took the code for a number
 * ("102801000" for 0102801000). Decided once for the column, by which reading finds more units.
 */
export type NineDigits = 'correspondence' | 'psgc-lost-zero';

/**
 * The code list as a table is joined to it: each code of the list built, its correspondence code, and the codes
 * of older lists (recoded since, or split), each to the place it is now.
 */
export class CodeBook {
  readonly vintage: string;
  private readonly units = new Map<string, KnownUnit>();
  private readonly correspondence = new Map<string, string>();
  private readonly old: OldCodes;
  private readonly splits: Map<string, SplitBarangay>;

  constructor(index: CodeIndex, old: OldCodes, splits: SplitBarangay[] = []) {
    this.vintage = index.vintage;
    const areas = new Set(index.areas);
    for (const [code, level, correspondence] of index.units) {
      this.units.set(code, { code, level, area: areas.has(code) });
      // One correspondence code is the list's twice; the first unit keeps it.
      if (correspondence && !this.correspondence.has(correspondence)) this.correspondence.set(correspondence, code);
    }
    this.old = old;
    this.splits = new Map(splits.map((s) => [s.code, s]));
  }

  unit(code: string): KnownUnit | undefined {
    return this.units.get(code);
  }

  /** A cell read as a code: the place it names now, or why none. */
  lookUp(cell: string, nine: NineDigits): CodeFound {
    const text = cell.trim();
    if (!text) return { kind: 'empty' };
    const digits = codeDigits(text);
    if (!digits) return { kind: 'not-a-code', text };
    const ten =
      digits.length === 10 ? digits : digits.length === 9 && nine === 'psgc-lost-zero' ? `0${digits}` : undefined;
    if (ten) return this.tenDigits(ten, text);
    const corr = digits.length === 8 ? `0${digits}` : digits;
    // A unit the list gives no correspondence code (the SGA's towns) has the 10-digit form of its 9 digits.
    const code = this.correspondence.get(corr) ?? psgcCodeOf(corr);
    const unit = code ? this.units.get(code) : undefined;
    if (unit) return { kind: 'found', unit, via: 'correspondence' };
    return { kind: 'unknown', text };
  }

  private tenDigits(ten: string, text: string): CodeFound {
    const unit = this.units.get(ten);
    if (unit) return { kind: 'found', unit, via: 'psgc' };
    const old = this.old[ten];
    const now = old && this.units.get(old.code);
    if (now) {
      return { kind: 'found', unit: now, via: 'old', note: `${ten} (${old.vintages.join(', ')}) is now ${now.code}` };
    }
    const split = this.splits.get(ten);
    if (split) return { kind: 'split', text, split };
    return { kind: 'unknown', text };
  }
}

/**
 * The digits of a cell that is a code as tables write them: 8 to 10 digits, with OCHA's "PH" prefix
 * (PH012801000), spaces or dashes between the parts, or a spreadsheet's ".0"; null for anything else.
 */
export function codeDigits(text: string): string | null {
  const bare = text.trim().replace(/^ph/i, '').replace(/\.0+$/, '').replace(/[\s-]/g, '');
  return /^\d{8,10}$/.test(bare) ? bare : null;
}

/** The level a unit is drawn at, for a table of places of `tableLevel` (a city that stands apart is either). */
export function placeLevelOf(unit: KnownUnit, tableLevel?: PlaceLevel): PlaceLevel {
  switch (unit.level) {
    case 'Reg':
      return 'region';
    case 'Bgy':
      return 'barangay';
    case 'Prov':
    case 'Dist':
    case 'SGA':
      return 'province';
    default:
      return unit.area && tableLevel === 'province' ? 'province' : 'town';
  }
}
