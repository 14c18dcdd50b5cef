import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { foldName } from '../../contract/names.ts';
import type { Unit } from '../../dataset/types.ts';
import { diskDataSource } from '../../server/disk.ts';
import { checkProperty } from '../../test/property.ts';
import { Dataset } from '../dataset.ts';
import { type Geocoder, loadGeocoder } from './search.ts';

/** A barangay's name B in province P that is also the name of a town only one other province has. */
interface Case {
  barangay: string;
  province: string;
  /** The province's code, and the codes of everything in it a first answer may be. */
  provinceCode: string;
}

let geocoder: Geocoder;
const cases: Case[] = [];
const inProvince = new Map<string, Set<string>>();

/** A town's name as people write it: "City of Borongan" is Borongan. */
const bare = (name: string) => foldName(name.replace(/^City of /i, '').replace(/ City$/i, ''));

beforeAll(async () => {
  const data = await Dataset.load(diskDataSource());
  geocoder = await loadGeocoder(data);
  const units = await data.allUnits();
  // The province a unit is in, as people write it: its own, or the one an independent city lies in.
  const provinceOf = (unit: Unit): string | undefined => {
    for (let u: Unit | undefined = unit; u; u = u.parent ? data.byCode.get(u.parent) : undefined) {
      if (u.level === 'Prov') return u.code;
      const geo = data.hierarchy.geoProvince[u.code];
      if (geo) return geo;
    }
    return undefined;
  };
  const towns = new Map<string, Unit[]>();
  for (const u of units) {
    const province = provinceOf(u);
    if (province) {
      const set = inProvince.get(province) ?? new Set();
      inProvince.set(province, set.add(u.code));
    }
    if (u.level === 'City' || u.level === 'Mun') towns.set(bare(u.name), [...(towns.get(bare(u.name)) ?? []), u]);
  }
  for (const b of units) {
    if (b.level !== 'Bgy') continue;
    const same = towns.get(foldName(b.name));
    const province = provinceOf(b);
    if (same?.length !== 1 || !province || provinceOf(same[0]) === province) continue;
    // A province named like towns (Quezon, Aurora, Rizal…) makes "B, P" another question: "Pansol, Quezon" is as
    // often Quezon City's (simplemaps writes it so) as the province's, and the ranking leaves that to population.
    const provinceName = data.byCode.get(province)!.name;
    if (towns.has(bare(provinceName))) continue;
    cases.push({ barangay: b.name, province: provinceName, provinceCode: province });
  }
});

test('"B, P" answers a place in P first, for a barangay name B of P that a town only one other province has', async () => {
  // Hundreds of such names: San Sebastian (Lagonoy, Camarines Sur; the town is Samar's), Real, San Benito…
  expect(cases.length).toBeGreaterThan(300);
  const writing = fc.constantFrom(
    (b: string, p: string) => `${b}, ${p}`,
    (b: string, p: string) => `${b.toUpperCase()}, ${p.toUpperCase()}`,
    (b: string, p: string) => `Brgy. ${b}, ${p}`,
    (b: string, p: string) => `${b.toLowerCase()},${p.toLowerCase()}`,
  );
  await checkProperty(
    'a barangay named like a town of another province, with its own province',
    fc.asyncProperty(fc.constantFrom(...cases), writing, async (c, write) => {
      const q = write(c.barangay, c.province);
      const [first] = geocoder.search(q, 5);
      expect(first, q).toBeDefined();
      expect(inProvince.get(c.provinceCode)?.has(first.code) || first.code === c.provinceCode, q).toBe(true);
      expect(first.outside, q).toBeUndefined();
    }),
    300,
  );
});
