/**
 * The outlines of the regions and provinces as the created records have reorganized them, read from
 * the built polygon files and drawn by src/service/outlines.ts. Each is kept under what it is made of (the
 * members, or what a parent lost), not under the records' version: a preview warms the very entries its save
 * then reads, a second server on the same database draws what it needs when asked, and undoing a change finds
 * the original outline again. What has to be clipped goes to the drawer in one call per answer (the
 * server's runs it in a worker thread, as one task with one time budget); what is only read is read here.
 */
import type { MultiPolygon } from 'geojson';
import { DETAILS, type Detail } from '../dataset/types.ts';
import type { Dataset, ProvinceEntity, RegionEntity } from './dataset.ts';
import { readOutline } from './outline-files.ts';
import { jobKey, type OutlineDrawer, type OutlineJob, readsOnly } from './outline-jobs.ts';
import type { Places } from './places.ts';

/** Drawing an outline in this thread, and the clipper with it: loaded when the first outline must be clipped. */
const drawOutline: typeof import('./draw-outline.ts').drawOutline = (data, job) =>
  import('./draw-outline.ts').then((module) => module.drawOutline(data, job));

/** Outlines kept: enough for every detail of a few dozen reorganizations; the oldest drawn is dropped first. */
const KEPT = 600;

export class Reorganized {
  private readonly drawn = new Map<string, Promise<MultiPolygon | null>>();
  private readonly draw: OutlineDrawer;

  constructor(
    private readonly data: () => Dataset,
    draw?: OutlineDrawer,
  ) {
    this.draw = draw ?? ((jobs) => Promise.all(jobs.map((job) => drawOutline(this.data(), job))));
  }

  /** A region's outline now: a created one's members together, a built-in one without what it lost. */
  region(places: Places, region: RegionEntity, detail: Detail): Promise<MultiPolygon | null> {
    return this.regions(places, [region], detail).then((shapes) => shapes[0]);
  }

  /** Several regions' outlines, whatever has to be drawn of them drawn in one call. */
  regions(places: Places, regions: readonly RegionEntity[], detail: Detail): Promise<(MultiPolygon | null)[]> {
    return this.all(regions.map((region) => regionJob(places, region, detail)));
  }

  /**
   * A province's own outline now (POST /v1/provinces/search): a created one's towns together; a built-in one's
   * own area without the towns it lost. Metro Manila and the Special Geographic Area have none.
   */
  province(places: Places, province: ProvinceEntity, detail: Detail): Promise<MultiPolygon | null> {
    return this.provinces(places, [province], detail).then((shapes) => shapes[0]);
  }

  provinces(places: Places, provinces: readonly ProvinceEntity[], detail: Detail): Promise<(MultiPolygon | null)[]> {
    return this.all(provinces.map((province) => provinceJob(places, province, detail)));
  }

  /**
   * Every outline the records reorganized, at every detail, drawn now in one call per detail (the server's start:
   * no answer then waits for one); answers how many were drawn.
   */
  async drawAll(places: Places): Promise<number> {
    let drawn = 0;
    for (const detail of DETAILS) {
      const jobs = [
        ...places.regions.map((region) => regionJob(places, region, detail)),
        ...places.provinces.map((province) => provinceJob(places, province, detail)),
      ].filter((job): job is OutlineJob => job !== null && !readsOnly(job));
      await this.all(jobs);
      drawn += jobs.length;
    }
    return drawn;
  }

  private all(jobs: (OutlineJob | null)[]): Promise<(MultiPolygon | null)[]> {
    const missing: { key: string; job: OutlineJob }[] = [];
    const mine = new Map<string, Promise<MultiPolygon | null>>();
    const pending = jobs.map((job) => {
      if (!job) return Promise.resolve(null);
      const key = jobKey(job);
      const kept = this.drawn.get(key);
      if (kept) {
        // Used again: kept as the newest.
        this.drawn.delete(key);
        this.drawn.set(key, kept);
        return kept;
      }
      if (readsOnly(job)) return readOutline(this.data(), job);
      // the same outline twice in one answer is drawn once; both are filled in below
      if (!missing.some((m) => m.key === key)) missing.push({ key, job });
      return key;
    });
    if (missing.length) {
      const drawing = this.draw(missing.map((m) => m.job));
      missing.forEach(({ key }, index) => {
        const one = drawing.then((shapes) => shapes[index]);
        one.catch(() => this.drawn.delete(key));
        mine.set(key, one);
        this.drawn.set(key, one);
        if (this.drawn.size > KEPT) this.drawn.delete(this.drawn.keys().next().value!);
      });
    }
    return Promise.all(pending.map((p) => (typeof p === 'string' ? mine.get(p)! : p)));
  }
}

function regionJob(places: Places, region: RegionEntity, detail: Detail): OutlineJob {
  if (!region.psgc) {
    const areas = [...(places.regionMembers.get(region.stringId) ?? [])].sort();
    return { kind: 'areas', detail, areas };
  }
  return { kind: 'region', detail, psgc: region.psgc, lost: [...places.lostAreas(region.psgc)] };
}

function provinceJob(places: Places, province: ProvinceEntity, detail: Detail): OutlineJob | null {
  if (!province.psgc) {
    const towns = [...(places.provinceMembers.get(province.id) ?? [])].sort();
    return towns.length ? { kind: 'towns', detail, towns } : null;
  }
  return { kind: 'area', detail, area: province.psgc, lost: [...places.lentTowns(province.psgc)] };
}
