/**
 * The outlines of the regions and provinces as the created records have reorganized them (issue 18), read from
 * the built polygon files and drawn by src/service/outlines.ts. Each is kept under what it is made of (the
 * members, or what a parent lost), not under the records' version: a preview warms the very entries its save
 * then reads, a second server on the same database draws what it needs when asked, and undoing a change finds
 * the original outline again.
 */
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import type { Shape } from '../contract/types.ts';
import { type Detail, dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Dataset, ProvinceEntity, RegionEntity } from './dataset.ts';
import { type Part, polygonsOf, unionOf, withoutMoved } from './outlines.ts';
import type { Places } from './places.ts';

/** Outlines kept: enough for every detail of a few dozen reorganizations; the oldest drawn is dropped first. */
const KEPT = 600;

export class Reorganized {
  private readonly drawn = new Map<string, Promise<MultiPolygon | null>>();
  private readonly indexed = new WeakMap<object, Map<string, Shape>>();

  constructor(private readonly data: () => Dataset) {}

  /** A region's outline now: a created one's members together, a built-in one without what it lost. */
  region(places: Places, region: RegionEntity, detail: Detail): Promise<MultiPolygon | null> {
    const members = places.regionMembers.get(region.stringId);
    if (!region.psgc) {
      const areas = [...(members ?? [])].sort();
      return this.keep(`u/${detail}/${areas}`, async () => unionOf(await this.areaShapes(areas, detail)));
    }
    const psgc = region.psgc;
    const lost = places.lostAreas(psgc);
    return this.keep(`r/${detail}/${psgc}/${lost}`, async () => {
      const original = (await this.regionFile(detail)).get(psgc);
      if (!original || !lost.length) return original ? toMulti(original) : null;
      const areas = await this.regionAreas(psgc, detail);
      const parts: Part[] = areas.map((f) => ({ shape: f.geometry, moved: lost.includes(f.properties.code) }));
      return withoutMoved(original, parts);
    });
  }

  /**
   * A province's own outline now (POST /v1/provinces/search): a created one's towns together; a built-in one's
   * own area without the towns it lost. Metro Manila and the Special Geographic Area have none.
   */
  province(places: Places, province: ProvinceEntity, detail: Detail): Promise<MultiPolygon | null> {
    if (!province.psgc) {
      const towns = [...(places.provinceMembers.get(province.id) ?? [])].sort();
      if (!towns.length) return Promise.resolve(null);
      return this.keep(`t/${detail}/${towns}`, async () => unionOf(await this.townShapes(towns, detail)));
    }
    const area = province.psgc;
    const lost = places.lentTowns(area);
    return this.keep(`a/${detail}/${area}/${lost}`, async () => {
      const original = (await this.areaShapes([area], detail, false))[0];
      if (!original || !lost.length) return original ? toMulti(original) : null;
      const towns = await this.data().geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(detail, area));
      return withoutMoved(
        original,
        towns.features.map((f) => ({ shape: f.geometry, moved: lost.includes(f.properties.code) })),
      );
    });
  }

  private keep(key: string, draw: () => Promise<MultiPolygon | null>): Promise<MultiPolygon | null> {
    let pending = this.drawn.get(key);
    if (pending) {
      // Used again: kept as the newest.
      this.drawn.delete(key);
    } else {
      pending = draw();
      pending.catch(() => this.drawn.delete(key));
    }
    this.drawn.set(key, pending);
    if (this.drawn.size > KEPT) this.drawn.delete(this.drawn.keys().next().value!);
    return pending;
  }

  /** A regions file by code, indexed once per file read. */
  private async regionFile(detail: Detail): Promise<Map<string, Shape>> {
    const file = await this.data().geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.regions(detail));
    let byCode = this.indexed.get(file);
    if (!byCode) {
      byCode = new Map(file.features.map((f) => [f.properties.code, f.geometry]));
      this.indexed.set(file, byCode);
    }
    return byCode;
  }

  /**
   * A region's province-level areas as its outline at this detail is made of them: at `simple`, the areas the
   * country overview was dissolved from (data built before them: the areas at simple, which it nests in only
   * to within its tolerance); otherwise the region's own file.
   */
  private async regionAreas(region: string, detail: Detail): Promise<Feature<Shape, FeatureProps>[]> {
    if (detail === 'simple') {
      const overview = await this.data()
        .geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.overviewAreas)
        .catch(() => undefined);
      if (overview) return overview.features.filter((f) => f.properties.code.startsWith(region.slice(0, 2)));
    }
    const file = await this.data().geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.provinces(detail, region));
    return file.features;
  }

  /**
   * Province-level areas' outlines: as their regions' outlines are made of them (`forRegions`), or as the
   * provinces' own files draw them, which their towns nest in.
   */
  private async areaShapes(areas: readonly string[], detail: Detail, forRegions = true): Promise<Shape[]> {
    const regions = [...new Set(areas.map((a) => `${a.slice(0, 2)}00000000`))];
    const files = await Promise.all(
      regions.map((r) =>
        forRegions
          ? this.regionAreas(r, detail)
          : this.data()
              .geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.provinces(detail, r))
              .then((f) => f.features),
      ),
    );
    const byCode = new Map(files.flatMap((f) => f.map((x) => [x.properties.code, x.geometry] as const)));
    return areas.flatMap((a) => byCode.get(a) ?? []);
  }

  /** Towns' outlines, from their areas' files. */
  private async townShapes(towns: readonly string[], detail: Detail): Promise<Shape[]> {
    const data = this.data();
    const areas = [...new Set(towns.flatMap((t) => data.municities.get(t)?.area ?? []))];
    const files = await Promise.all(
      areas.map((a) => data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(detail, a))),
    );
    const byCode = new Map(files.flatMap((f) => f.features.map((x) => [x.properties.code, x.geometry] as const)));
    return towns.flatMap((t) => byCode.get(t) ?? []);
  }
}

const toMulti = (shape: Shape): MultiPolygon => ({ type: 'MultiPolygon', coordinates: polygonsOf(shape) });
