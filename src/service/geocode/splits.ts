import type { GeocodeCandidate, PlaceRef, SplitInfo } from '../../contract/types.ts';
import type { GazetteerEntry, SplitBarangay } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { foldName } from '../params.ts';

/**
 * Barangays split since an older list (splits.json: Caloocan's Barangay 176 into 176-A to 176-F), as the geocoder
 * answers them. The old barangay is an entry of its own, at a point inside its old territory, so an
 * address that names it ("Brgy. 176, Caloocan") is answered with it rather than with one of its parts picked at
 * random: the parts list its name as their old name, and without this all of them tied. Its name is taken from
 * the parts' old names, so each part is found by its own name only. A part with no polygon of its own is placed
 * at the old territory's point, which lies in one of the parts, not at its town's point.
 */
export class SplitIndex {
  private readonly info = new Map<string, SplitInfo>();
  private readonly partOf = new Map<string, PlaceRef & { since: string }>();
  private readonly byCode = new Map<string, SplitBarangay>();

  constructor(data: Dataset, splits: SplitBarangay[]) {
    for (const s of splits) {
      const town = data.byCode.get(s.town);
      if (!town || !s.point) continue;
      this.byCode.set(s.code, s);
      this.info.set(s.code, {
        vintages: s.vintages,
        since: s.since,
        town: { code: town.code, name: town.name },
        parts: s.parts,
      });
      for (const p of s.parts) this.partOf.set(p.code, { code: s.code, name: s.name, since: s.since });
    }
  }

  /** The gazetteer with each split barangay as an entry, its name no longer an old name of its parts. */
  gazetteer(entries: GazetteerEntry[]): GazetteerEntry[] {
    if (!this.byCode.size) return entries;
    const chainOf = new Map(entries.map((g) => [g.code, g.chain]));
    const out = entries.map((g) => {
      const part = this.partOf.get(g.code);
      if (!part) return g;
      const split = this.byCode.get(part.code)!;
      const old = foldName(split.name);
      return {
        ...g,
        oldNames: g.oldNames.filter((n) => foldName(n) !== old),
        ...(g.pointSource === 'parent' && { point: split.point }),
      };
    });
    for (const s of this.byCode.values()) {
      const townChain = chainOf.get(s.town);
      if (!townChain) continue;
      out.push({
        code: s.code,
        name: s.name,
        level: 'Bgy',
        point: s.point,
        pointSource: 'label',
        chain: [...townChain, s.town],
        population: s.population,
        oldNames: [],
      });
    }
    return out;
  }

  /** What a candidate says of being a split barangay or one of its parts. */
  fields(code: string): Pick<GeocodeCandidate, 'split' | 'part_of'> {
    const split = this.info.get(code);
    if (split) return { split };
    const part = this.partOf.get(code);
    return part ? { part_of: part } : {};
  }
}
