/**
 * The created regions and provinces by name, for the geocoder's answers (src/service/answers/geocoded.ts): the
 * geocoder's index is the code list's, shared by every service over it, and holds none of them. Each folded name
 * is indexed by its runs of three letters, once per snapshot, so that a query looks at the few units that share
 * its first three letters rather than folding every region's and province's name again.
 */
import { foldName } from '../contract/names.ts';
import type { ProvinceEntity, RegionEntity } from './dataset.ts';

/** The fewest letters a name is looked for by: fewer would name half the list. */
export const CREATED_NAME_MIN = 3;

export interface CreatedNamed {
  regions: RegionEntity[];
  provinces: ProvinceEntity[];
}

/** A created unit with its folded name and its place in the snapshot's order (regions first). */
interface Created {
  rank: number;
  name: string;
  region?: RegionEntity;
  province?: ProvinceEntity;
}

/**
 * Created units whose folded name holds `needle` (folded, at least CREATED_NAME_MIN letters), or whose short code
 * it is: not the other way round, since "Dao, Capiz, Panay Region" is an address in Panay Region. Regions, then
 * provinces, each in the snapshot's order.
 */
export function createdNames(
  regions: readonly RegionEntity[],
  provinces: readonly ProvinceEntity[],
): (needle: string) => CreatedNamed {
  let index: { byRun: Map<string, Created[]>; byCode: Map<string, Created[]> } | undefined;
  const build = () => {
    const byRun = new Map<string, Created[]>();
    const byCode = new Map<string, Created[]>();
    const created: { unit: RegionEntity | ProvinceEntity; region?: RegionEntity; province?: ProvinceEntity }[] = [
      ...regions.filter((r) => r.createdAt).map((region) => ({ unit: region, region })),
      ...provinces.filter((p) => p.createdAt).map((province) => ({ unit: province, province })),
    ];
    created.forEach(({ unit, region, province }, rank) => {
      const entry: Created = { rank, name: foldName(unit.name), region, province };
      const runs = new Set<string>();
      for (let i = 0; i + CREATED_NAME_MIN <= entry.name.length; i++)
        runs.add(entry.name.slice(i, i + CREATED_NAME_MIN));
      for (const run of runs) listIn(byRun, run).push(entry);
      const code = foldName(unit.shortCode);
      listIn(byCode, code).push(entry);
    });
    return { byRun, byCode };
  };
  return (needle) => {
    const out: CreatedNamed = { regions: [], provinces: [] };
    if (needle.length < CREATED_NAME_MIN) return out;
    index ??= build();
    const found = new Set(index.byCode.get(needle));
    for (const entry of index.byRun.get(needle.slice(0, CREATED_NAME_MIN)) ?? [])
      if (entry.name.includes(needle)) found.add(entry);
    for (const { region, province } of [...found].sort((a, b) => a.rank - b.rank)) {
      if (region) out.regions.push(region);
      if (province) out.provinces.push(province);
    }
    return out;
  };
}

/** The list a map holds under a key, made empty the first time. */
function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  const list = map.get(key) ?? [];
  if (list.length === 0) map.set(key, list);
  return list;
}
