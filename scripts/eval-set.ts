/**
 * The real-address evaluation sets (docs/geocoding.md says where they come from), as the benchmarks read them:
 * their paths, and the half a row is in. One place, so every benchmark finds and splits them the same way.
 *
 * They live beside the checkout in shared/eval/, not in the repository: they are other people's data, fetched
 * from public repositories, which the project keeps in shared/ as it keeps the boundaries and the PSGC files.
 * `scripts/build-eval-sets.ts` rebuilds them from their sources.
 */
import path from 'node:path';

const SHARED_EVAL = path.resolve(import.meta.dirname, '../../shared/eval');

/** Health facilities (id, address, town_psgc, barangay_psgc): KAPULUAN_ADDRESSES, or shared/eval/addresses.csv. */
export const ADDRESSES_CSV = process.env.KAPULUAN_ADDRESSES ?? path.join(SHARED_EVAL, 'addresses.csv');

/** Addresses with a surveyed point (id, address, lat, lng): KAPULUAN_GPS_ADDRESSES, or shared/eval/gps-addresses.csv. */
export const GPS_ADDRESSES_CSV = process.env.KAPULUAN_GPS_ADDRESSES ?? path.join(SHARED_EVAL, 'gps-addresses.csv');

/** Place names with a point (id, name, province, lat, lng): KAPULUAN_PLACES, or places.csv beside the addresses. */
export const PLACES_CSV = process.env.KAPULUAN_PLACES ?? path.join(path.dirname(ADDRESSES_CSV), 'places.csv');

/**
 * Addresses that name places in the hard ways eval-names.ts lists (id, address, town_psgc, barangay_psgc, class, batch, found,
 * repo, commit, path, licence): KAPULUAN_NAME_ADDRESSES, or names-addresses.csv beside the addresses.
 */
export const NAME_ADDRESSES_CSV =
  process.env.KAPULUAN_NAME_ADDRESSES ?? path.join(path.dirname(ADDRESSES_CSV), 'names-addresses.csv');

/**
 * Cities' and municipalities' published points (id, province, town, lat, lng, precision), the reference the town
 * points are measured on: KAPULUAN_TOWN_POINTS, or town-points.csv beside the real-address set.
 */
export const TOWN_POINTS_CSV =
  process.env.KAPULUAN_TOWN_POINTS ?? path.join(path.dirname(ADDRESSES_CSV), 'town-points.csv');

/**
 * GeoNames' seats of the cities and municipalities (id, name, feature, correspondence, lat, lng), the second
 * town-point reference: KAPULUAN_TOWN_SEATS, or town-seats.csv beside the real-address set.
 */
export const TOWN_SEATS_CSV =
  process.env.KAPULUAN_TOWN_SEATS ?? path.join(path.dirname(ADDRESSES_CSV), 'town-seats.csv');

/**
 * GeoNames' populated places of the Philippines (id, name, feature, correspondence, lat, lng), queried as "Name,
 * Province": KAPULUAN_GEONAMES_PLACES, or .eval/geonames-places.csv in the checkout, which `npm run eval:geonames`
 * (scripts/build-geonames-places.ts) writes from the npm package it is published in.
 */
export const GEONAMES_PLACES_CSV =
  process.env.KAPULUAN_GEONAMES_PLACES ?? path.resolve(import.meta.dirname, '../.eval/geonames-places.csv');

/**
 * FNV-1a of the id: which half a row is in, the same on every machine. "tune" was looked at while working on the
 * geocoder; "held out" was not.
 */
export function half(id: string): 'tune' | 'held out' {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 ? 'held out' : 'tune';
}
