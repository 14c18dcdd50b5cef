import { isPsgcCode, regionCodeOf } from '../contract/psgc.ts';
import { idNumberIn } from '../contract/unit-ids.ts';
import {
  type ChangeReport,
  dataPaths,
  type GazetteerEntry,
  type Hierarchy,
  type Manifest,
  type OldCodes,
  type SplitBarangay,
  type Unit,
  type UnitsIndex,
} from '../dataset/types.ts';
import { changesByUnit, type UnitChanges } from './changes.ts';
import { shortCodeOfProvinceName, shortCodeOfRegionName } from './codes.ts';
import type { DataSource } from './data-source.ts';
import {
  type MunicityEntity,
  type ProvinceEntity,
  type RegionEntity,
  regionNumericId,
  regionStringId,
} from './entities.ts';

export type { MunicityEntity, ProvinceEntity, RegionEntity } from './entities.ts';
export { regionNumericId, regionStringId } from './entities.ts';

const NCR = '1300000000';
const SGA = '1999900000';

/**
 * The built dataset with the indexes the service needs. It starts from the code list without its barangays
 * (units/index.json, what the first screen needs) and reads a town's barangays when it is opened, or the whole list
 * once for the geocoders; what it has read, it keeps.
 */
export class Dataset {
  readonly byCode: Map<string, Unit>;
  readonly regions: RegionEntity[];
  readonly provinces: ProvinceEntity[];
  readonly municities: Map<string, MunicityEntity>;
  readonly municitiesById: Map<number, MunicityEntity>;
  readonly children: Map<string, Unit[]>;
  private readonly geometry: Map<string, Promise<unknown>>;
  /** Towns whose barangays are read (or being read). */
  private readonly towns = new Map<string, Promise<void>>();
  private whole?: Promise<void>;
  private unitChanges?: Promise<UnitChanges | undefined>;
  private wholeRead = false;
  private wholeList: Unit[] = [];
  /** Read from the regions alone (`regionsFirst`): the rest of the code list is still to read. */
  private regionsOnly = false;

  constructor(
    readonly source: DataSource,
    readonly manifest: Manifest,
    /** The units above the barangays (units/index.json); barangays are read as they are needed. */
    readonly units: Unit[],
    readonly hierarchy: Hierarchy,
    /** Polygon files already read (or being read), kept across a dataset read in two steps (`regionsFirst`). */
    geometry = new Map<string, Promise<unknown>>(),
  ) {
    this.geometry = geometry;
    this.byCode = new Map(units.map((u) => [u.code, u]));
    this.children = new Map();
    for (const unit of units) {
      if (!unit.parent) continue;
      const list = this.children.get(unit.parent);
      if (list) list.push(unit);
      else this.children.set(unit.parent, [unit]);
    }
    this.regions = units
      .filter((u) => u.level === 'Reg')
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((u) => {
        const shortCode = shortCodeOfRegionName(u.name);
        return {
          numericId: regionNumericId(u.code),
          stringId: regionStringId(shortCode),
          name: u.name,
          shortCode,
          psgc: u.code,
          population: u.population,
          census: u.census,
          createdAt: null,
        };
      });
    ({ provinces: this.provinces, municities: this.municities } = this.buildProvinces());
    this.municitiesById = new Map([...this.municities.values()].map((m) => [m.numericId, m]));
  }

  static async load(source: DataSource): Promise<Dataset> {
    const [manifest, index] = await Promise.all([
      source.json<Manifest>(dataPaths.manifest),
      source.json<UnitsIndex>(dataPaths.unitsIndex),
    ]);
    return new Dataset(source, manifest, index.units, index.hierarchy);
  }

  /**
   * The regions alone (units/regions.json): all the regions' endpoints read, and all the browser's first screen
   * asks for. `withRest` reads the rest of the code list (units/index.json) into a full dataset.
   */
  static async regionsFirst(source: DataSource): Promise<Dataset> {
    const [manifest, regions] = await Promise.all([
      source.json<Manifest>(dataPaths.manifest),
      source.json<Unit[]>(dataPaths.regionUnits),
    ]);
    const data = new Dataset(source, manifest, regions, { area: {}, geoProvince: {} });
    data.regionsOnly = true;
    return data;
  }

  /** The full dataset: this one where it holds the code list, else read from the index, keeping the files read. */
  async withRest(): Promise<Dataset> {
    if (!this.regionsOnly) return this;
    const index = await this.source.json<UnitsIndex>(dataPaths.unitsIndex);
    return new Dataset(this.source, this.manifest, index.units, index.hierarchy, this.geometry);
  }

  /** A city or municipality by its numeric id or its 10-digit PSGC code. */
  townOf(key: string): MunicityEntity | undefined {
    const id = key.trim();
    if (isPsgcCode(id)) return this.municities.get(id);
    return /^\d{1,7}$/.test(id) ? this.municitiesById.get(Number(id)) : undefined;
  }

  /** The barangays of a city or municipality, through its sub-municipalities where it has them (Manila). */
  async barangaysOf(town: string): Promise<Unit[]> {
    let pending = this.towns.get(town);
    if (!pending) {
      // Every town of the index has a file (an empty one when it has no barangay); an unknown code reads none.
      pending =
        this.wholeRead || !this.municities.has(town)
          ? Promise.resolve()
          : this.source.json<Unit[]>(dataPaths.barangayUnits(town)).then((units) => this.add(units));
      pending.catch(() => this.towns.delete(town));
      this.towns.set(town, pending);
    }
    await pending;
    const out: Unit[] = [];
    for (const child of this.children.get(town) ?? []) {
      if (child.level === 'Bgy') out.push(child);
      else if (child.level === 'SubMun') out.push(...(this.children.get(child.code) ?? []));
    }
    return out;
  }

  /** Every unit, barangays included, with their whole hierarchy: what the geocoders index. Read once. */
  complete(): Promise<void> {
    this.whole ??= Promise.all([
      this.source.json<Unit[]>(dataPaths.units),
      this.source.json<Hierarchy>(dataPaths.hierarchy),
    ]).then(([units, hierarchy]) => {
      Object.assign(this.hierarchy.area, hierarchy.area);
      this.add(units);
      this.wholeList = units;
      this.wholeRead = true;
    });
    this.whole.catch(() => {
      this.whole = undefined;
    });
    return this.whole;
  }

  /** The whole code list, barangays included, in its order (`units` holds what is above the barangays). */
  async allUnits(): Promise<Unit[]> {
    await this.complete();
    return this.wholeList;
  }

  /** Units not yet known, in the list's order; a town's children stay in that order. */
  private add(units: Unit[]) {
    for (const unit of units) {
      if (this.byCode.has(unit.code)) continue;
      this.byCode.set(unit.code, unit);
      if (!unit.parent) continue;
      const list = this.children.get(unit.parent);
      if (list) list.push(unit);
      else this.children.set(unit.parent, [unit]);
    }
  }

  /**
   * What the change report says of each unit (changes.json, 160 KB), read once, on the first record that shows
   * it; data built without a report has none.
   */
  changes(): Promise<UnitChanges | undefined> {
    this.unitChanges ??= this.geo<ChangeReport>(dataPaths.changes).then(changesByUnit, () => undefined);
    return this.unitChanges;
  }

  /**
   * Codes of older lists recoded since (old-codes.json, about 2,000 entries), read with the geocoder: a code from
   * 4Q 2023 or 4Q 2024 still finds its place. Data built before the file was written has none.
   */
  oldCodes(): Promise<OldCodes> {
    return this.geo<OldCodes>(dataPaths.oldCodes).catch(() => ({}));
  }

  /**
   * Barangays of older lists split since, with their old territory (splits.json, a few KB): the geocoder answers
   * an old name with it, the facts of a part name it. Data built before the file was written has none.
   */
  splits(): Promise<SplitBarangay[]> {
    return this.geo<SplitBarangay[]>(dataPaths.splits).catch(() => []);
  }

  /** The gazetteer (8 MB), loaded on the first geocode rather than at start-up. */
  gazetteer(): Promise<GazetteerEntry[]> {
    return this.geo<GazetteerEntry[]>(dataPaths.gazetteer);
  }

  /** A polygon file, fetched once and kept. */
  geo<T>(path: string): Promise<T> {
    let pending = this.geometry.get(path);
    if (!pending) {
      pending = this.source.json<T>(path);
      pending.catch(() => this.geometry.delete(path));
      this.geometry.set(path, pending);
    }
    return pending as Promise<T>;
  }

  private buildProvinces() {
    const provinces: ProvinceEntity[] = [];
    const municities = new Map<string, MunicityEntity>();
    const isTown = (u: Unit) => u.level === 'City' || u.level === 'Mun' || u.level === 'SGU';
    // Towns by the province that lists them: their own, or the one an independent city lies in.
    const townsUnder = new Map<string, Unit[]>();
    for (const town of this.units.filter(isTown)) {
      const key = this.hierarchy.geoProvince[town.code] ?? town.parent ?? '';
      townsUnder.set(key, [...(townsUnder.get(key) ?? []), town]);
    }
    const areaOf = (u: Unit) => this.hierarchy.area[u.code] ?? u.code;
    const add = (entity: Omit<ProvinceEntity, 'municities' | 'areas' | 'createdAt'>, towns: Unit[]) => {
      const sorted = [...towns].sort((a, b) => a.name.localeCompare(b.name));
      provinces.push({
        ...entity,
        municities: sorted.map((t) => t.code),
        areas: [...new Set(sorted.map(areaOf))],
        createdAt: null,
      });
      for (const town of sorted) {
        municities.set(town.code, {
          numericId: idNumberIn('municity', town.code),
          unit: town,
          province: entity.id,
          area: areaOf(town),
          independent: areaOf(town) === town.code,
        });
      }
    };

    for (const unit of this.units) {
      if (unit.level !== 'Prov') continue;
      const towns = townsUnder.get(unit.code) ?? [];
      add(
        {
          numericId: idNumberIn('province', unit.code),
          id: String(idNumberIn('province', unit.code)),
          name: unit.name,
          regionCode: regionCodeOf(unit.code),
          shortCode: shortCodeOfProvinceName(unit.name),
          psgc: unit.code,
          population: unit.population,
          census: unit.census,
          aliases: unit.oldNames,
        },
        towns,
      );
    }
    const ncrTowns = this.units.filter((t) => isTown(t) && t.code.startsWith('13'));
    if (ncrTowns.length) {
      add(
        {
          numericId: 13000,
          id: '13000',
          name: 'Metro Manila',
          regionCode: NCR,
          shortCode: 'MM',
          psgc: null,
          population: this.byCode.get(NCR)?.population ?? null,
          census: this.byCode.get(NCR)?.census ?? {},
          aliases: ['NCR', 'National Capital Region', 'National Capital Region (NCR)'],
        },
        ncrTowns,
      );
    }
    const sgaTowns = townsUnder.get(SGA) ?? [];
    if (sgaTowns.length) {
      add(
        {
          numericId: 19999,
          id: '19999',
          name: 'Special Geographic Area',
          regionCode: '1900000000',
          shortCode: 'SGA',
          psgc: SGA,
          population: this.byCode.get(SGA)?.population ?? null,
          census: this.byCode.get(SGA)?.census ?? {},
          aliases: ['SGA', 'BARMM Special Geographic Area'],
        },
        sgaTowns,
      );
    }
    // Towns still unplaced (an independent city whose province could not be found) are listed under their region.
    return { provinces: provinces.sort((a, b) => a.name.localeCompare(b.name)), municities };
  }
}
