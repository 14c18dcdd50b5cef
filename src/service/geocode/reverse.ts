import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection } from 'geojson';
import type { Shape } from '../../contract/types.ts';
import { type Box, boxOf } from '../../dataset/shape-box.ts';
import { dataPaths, type FeatureProps } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { badParam } from '../errors.ts';

/** What is at a point: a town and the barangay in it, by code. */
export interface PlaceAt {
  town: string;
  barangay: string | null;
}

interface Indexed {
  code: string;
  bbox: Box;
  shape: Shape;
}

const inside = (p: [number, number], item: Indexed) =>
  p[0] >= item.bbox[0] &&
  p[0] <= item.bbox[2] &&
  p[1] >= item.bbox[1] &&
  p[1] <= item.bbox[3] &&
  booleanPointInPolygon(p, item.shape);

/**
 * What is at a point: barangay, town, province-level area and region. Towns are found among all town outlines
 * at `medium` (3.6 MB, loaded on the first question), then the barangay among that town's at `detailed`.
 */
export class ReverseGeocoder {
  private towns?: Promise<Indexed[]>;
  private readonly barangays = new Map<string, Promise<Indexed[]>>();

  constructor(private readonly data: Dataset) {}

  private loadTowns(): Promise<Indexed[]> {
    this.towns ??= (async () => {
      const areas = [...new Set([...this.data.municities.values()].map((town) => town.area))];
      const files = await Promise.all(
        areas.map((a) => this.data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities('medium', a))),
      );
      return files.flatMap((f) =>
        f.features.map((t) => ({ code: t.properties.code, bbox: boxOf(t.geometry), shape: t.geometry })),
      );
    })();
    this.towns.catch(() => {
      this.towns = undefined;
    });
    return this.towns;
  }

  /** A town's barangays at `detailed` with their bounding boxes, indexed once per town. */
  private barangaysOf(town: string): Promise<Indexed[]> {
    let pending = this.barangays.get(town);
    if (!pending) {
      pending = this.data
        .geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.barangays('detailed', town))
        .then((file) =>
          file.features.map((f) => ({ code: f.properties.code, bbox: boxOf(f.geometry), shape: f.geometry })),
        );
      this.barangays.set(town, pending);
    }
    return pending;
  }

  /**
   * The town and the barangay at a point, by code, or null at sea or abroad. The barangay's town is read, so the
   * code list names it; the answer names them and the units above (src/service/answers/geocoded.ts).
   */
  async at(lng: number, lat: number): Promise<PlaceAt | null> {
    const point: [number, number] = [lng, lat];
    const town = (await this.loadTowns()).find((t) => inside(point, t));
    if (!town) return null;
    const barangay = (await this.barangaysOf(town.code)).find((b) => inside(point, b));
    await this.data.barangaysOf(town.code);
    return { town: town.code, barangay: barangay?.code ?? null };
  }
}

/** GET /v1/geocode/reverse?lat=&lng= (an extension of the contract). */
export function parsePoint(url: URL): [number, number] {
  const number = (name: string, min: number, max: number) => {
    const raw = url.searchParams.get(name);
    const value = Number(raw);
    if (raw === null || raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw badParam(name, `${name} must be a number from ${min} to ${max}`);
    }
    return value;
  };
  return [number('lng', -180, 180), number('lat', -90, 90)];
}
