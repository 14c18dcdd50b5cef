import type { BatchGeocodeResult, PlaceRef, ResolvedPlace } from '../../contract/types.ts';

/**
 * One object per barangay, town, province and region, shared by every row that names it. Answers arrive as JSON
 * (and come back from IndexedDB as copies), so each row would otherwise hold its own copies of the same names:
 * for 100,000 rows, most of the tab's memory. A matched row's one candidate is its match, also shared.
 */
export function createInterner() {
  const refs = new Map<string, PlaceRef>();
  const ref = (r: PlaceRef | null): PlaceRef | null => {
    if (!r) return r;
    const key = `${r.code}\u0000${r.name}`;
    const known = refs.get(key);
    if (known) return known;
    refs.set(key, r);
    return r;
  };
  const place = (p: ResolvedPlace): ResolvedPlace => {
    p.barangay = ref(p.barangay);
    p.city_municipality = ref(p.city_municipality);
    p.province = ref(p.province);
    p.region = ref(p.region)!;
    return p;
  };
  const same = (a: ResolvedPlace, b: ResolvedPlace) =>
    a.psgc_code === b.psgc_code && a.confidence === b.confidence && a.note === b.note;
  return <T extends BatchGeocodeResult | null>(result: T): T => {
    if (!result) return result;
    if (result.match) place(result.match);
    result.candidates = result.candidates.map((c) => (result.match && same(c, result.match) ? result.match : place(c)));
    return result;
  };
}
