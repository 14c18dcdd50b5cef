import type { OldCodes, Unit } from '../../dataset/types.ts';

/** What a query that is a PSGC code names: the unit now, and the older code it was asked by, if it was recoded. */
export interface CodeHit {
  code: string;
  recodedFrom?: { code: string; vintages: string[] };
}

const CODE = /^\s*(?:psgc\s*(?:code)?\s*[:#]?\s*)?(\d{9}|\d{10})\s*$/i;

/**
 * A search or a matched file's row that is a PSGC code, rather than an address: a 10-digit code of the
 * built list is its unit; one of an older list recoded since (old-codes.json: Negros Occidental's 4Q 2023
 * 0604500000, Sulu's 4Q 2024 1906600000) is the unit of the same place now; a 9-digit code is the correspondence
 * code the list gives each unit. `undefined`: the text is no code, and is read as an address; `null`: it is a code
 * of nothing known.
 */
export class CodeLookup {
  private readonly current: ReadonlySet<string>;
  private readonly correspondence = new Map<string, string>();

  constructor(
    units: Iterable<Unit>,
    private readonly old: OldCodes,
  ) {
    const current = new Set<string>();
    const shared = new Set<string>();
    for (const unit of units) {
      current.add(unit.code);
      const c = unit.correspondence;
      if (!c) continue;
      // A correspondence code two units share names neither.
      if (this.correspondence.has(c)) shared.add(c);
      else this.correspondence.set(c, unit.code);
    }
    for (const c of shared) this.correspondence.delete(c);
    this.current = current;
  }

  find(text: string): CodeHit | null | undefined {
    const digits = text.match(CODE)?.[1];
    if (!digits) return undefined;
    if (digits.length === 9) {
      const code = this.correspondence.get(digits);
      return code ? { code } : null;
    }
    if (this.current.has(digits)) return { code: digits };
    const old = this.old[digits];
    return old && this.current.has(old.code)
      ? { code: old.code, recodedFrom: { code: digits, vintages: old.vintages } }
      : null;
  }
}
