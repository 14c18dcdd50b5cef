import type { Position } from 'geojson';
import type { Shape } from './geometry.ts';

/**
 * The mean radius of the WGS84 ellipsoid (IUGG R1), in metres. A sphere of this radius gives areas within
 * about 0.3% of the ellipsoid's at the Philippines' latitudes (5°–21° N), far below the error of the boundaries.
 */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The area of a ring on the sphere, in m², by the spherical-excess line integral (Chamberlain and Duquette,
 * "Some algorithms for polygons on a sphere", JPL 2007; the formula @turf/area uses). Unsigned: the sign depends on
 * the ring's winding, which mapshaper and the sources do not agree on.
 */
function ringArea(ring: Position[]): number {
  const n = ring.length;
  if (n < 4) return 0;
  let sum = 0;
  for (let i = 0; i < n - 1; i++) {
    const [lng1, lat1] = ring[i];
    const [lng2, lat2] = ring[i + 1];
    sum += rad(lng2 - lng1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** A unit's land area in km², computed geodesically from its polygon (outer rings less their holes). */
export function landAreaKm2(shape: Shape): number {
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let m2 = 0;
  for (const rings of parts) {
    rings.forEach((ring, i) => {
      m2 += i === 0 ? ringArea(ring) : -ringArea(ring);
    });
  }
  // Two decimals (1 hectare): the precision the PSA publishes land areas at.
  return Math.round(m2 / 10_000) / 100;
}

/** Persons per km², to one decimal; null when either figure is missing or the area is zero (no polygon). */
export function densityPerKm2(population: number | null, areaKm2: number | null): number | null {
  if (population == null || !areaKm2) return null;
  return Math.round((population / areaKm2) * 10) / 10;
}
