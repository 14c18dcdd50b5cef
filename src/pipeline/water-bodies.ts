/**
 * Named lakes and reservoirs of the Philippines, each with a point on its water and where that point comes from.
 * A hole of the barangays' union that holds one of these points is water (open-holes.ts); every other hole is
 * land that no barangay of the source covers. A point is a fact (where a lake lies), not a copy of its source's
 * text: each one is the coordinate the cited page gives for the lake, or a point inside the lake's polygon in
 * Natural Earth (public domain). Lakes listed here that no hole holds are ones the barangays already cover (a
 * lake inside one barangay's polygon) or that gap filling closed: the build report names them.
 */
export interface WaterBody {
  name: string;
  kind: 'lake' | 'reservoir' | 'crater lake';
  /** [lng, lat] on the water. */
  at: [number, number];
  source: string;
}

const NATURAL_EARTH = 'Natural Earth 10m lakes 4.0 (public domain), a point inside its polygon';
const LAKES_LIST = 'Wikipedia, List of lakes of the Philippines (coordinates column)';

/** Degrees, minutes, seconds to decimal degrees. */
const dms = (d: number, m = 0, s = 0) => Math.round((d + m / 60 + s / 3600) * 1e5) / 1e5;

export const WATER_BODIES: readonly WaterBody[] = [
  { name: 'Laguna de Bay', kind: 'lake', at: [121.25, 14.25], source: NATURAL_EARTH },
  // Natural Earth's Taal polygon has no hole for Volcano Island: a point on the lake's open northern water.
  { name: 'Taal Lake', kind: 'lake', at: [120.97, 14.05], source: NATURAL_EARTH },
  {
    name: 'Lake Lanao',
    kind: 'lake',
    at: [dms(124, 15, 9), dms(7, 52, 48)],
    source: 'Wikipedia, Lake Lanao (infobox)',
  },
  {
    name: 'Lake Mainit',
    kind: 'lake',
    at: [dms(125, 32), dms(9, 26, 2)],
    source: 'Lake Mainit article ("geographically centered at 9°26′02″N 125°32′00″E")',
  },
  { name: 'Naujan Lake', kind: 'lake', at: [121.333, 13.167], source: 'Wikipedia, Naujan Lake (2014)' },
  {
    name: 'Pantabangan Lake',
    kind: 'reservoir',
    at: [dms(121, 9, 53), dms(15, 50, 42)],
    source: 'Wikipedia, Pantabangan–Carranglan Watershed Forest Reserve (infobox)',
  },
  { name: 'Lake Bato', kind: 'lake', at: [dms(123, 21, 36), dms(13, 19, 57)], source: LAKES_LIST },
  { name: 'Lake Buhi', kind: 'lake', at: [dms(123, 30, 38), dms(13, 27, 29)], source: LAKES_LIST },
  { name: 'Lake Baao', kind: 'lake', at: [dms(123, 18, 53), dms(13, 27, 56)], source: LAKES_LIST },
  { name: 'Paoay Lake', kind: 'lake', at: [dms(120, 32, 22), dms(18, 7, 12)], source: 'Wikipedia, Paoay Lake' },
  { name: 'Lake Sampaloc', kind: 'crater lake', at: [121.33, 14.079], source: 'Wikipedia, Lake Sampaloc' },
  {
    name: 'Lake Pandin',
    kind: 'crater lake',
    at: [dms(121, 22, 4), dms(14, 6, 52)],
    source: 'Wikipedia, Lakes Pandin and Yambo',
  },
  {
    name: 'Lake Yambo',
    kind: 'crater lake',
    at: [dms(121, 22), dms(14, 7, 8)],
    source: 'Wikipedia, Lakes Pandin and Yambo',
  },
  {
    name: 'Lake Danao (Camotes)',
    kind: 'lake',
    at: [dms(124, 20, 28), dms(10, 40, 31)],
    source: 'Wikipedia, Lake Danao (Cebu) (2014)',
  },
  {
    name: 'Lake Caliraya',
    kind: 'reservoir',
    at: [dms(121, 31, 48), dms(14, 17, 24)],
    source: 'Wikipedia, Lake Caliraya (infobox)',
  },
  {
    name: 'Lumot Lake',
    kind: 'reservoir',
    at: [dms(121, 33, 2.88), dms(14, 15, 2.16)],
    source: 'Wikipedia, Lumot Lake (infobox)',
  },
  { name: 'Lake Palakpakin', kind: 'crater lake', at: [121.34, 14.11], source: 'Wikipedia, Lake Palakpakin' },
  {
    name: 'Lake Calibato',
    kind: 'crater lake',
    at: [dms(121, 22, 40), dms(14, 6, 12)],
    source: 'Wikipedia, Lake Calibato',
  },
  { name: 'Lake Tikub', kind: 'crater lake', at: [dms(121, 18, 23), dms(13, 57, 46)], source: 'Wikipedia, Lake Tikub' },
  { name: 'Lake Dapao', kind: 'lake', at: [dms(124, 3, 1), dms(7, 47, 25)], source: 'Wikipedia, Lake Dapao' },
  {
    name: 'Mapanuepe Lake',
    kind: 'lake',
    at: [dms(120, 17, 30), dms(14, 59)],
    source: 'Wikipedia, Mapanuepe Lake',
  },
  { name: 'Alligator Lake', kind: 'crater lake', at: [121.20639, 14.1825], source: LAKES_LIST },
  { name: 'Ambuklao Reservoir', kind: 'reservoir', at: [120.74722, 16.47361], source: LAKES_LIST },
  { name: 'Lake Apo', kind: 'crater lake', at: [125.00583, 7.87917], source: LAKES_LIST },
  { name: 'Lake Bababu', kind: 'lake', at: [125.50917, 10.07444], source: LAKES_LIST },
  { name: 'Lake Balanan', kind: 'lake', at: [dms(122, 59, 55), dms(9, 8, 16)], source: LAKES_LIST },
  { name: 'Lake Balinsasayao', kind: 'crater lake', at: [dms(123, 10, 45), dms(9, 21, 11)], source: LAKES_LIST },
  { name: 'Lake Basak', kind: 'lake', at: [dms(124, 15, 32), dms(8, 2, 7)], source: LAKES_LIST },
  { name: 'Lake Bito', kind: 'crater lake', at: [dms(124, 58, 49), dms(10, 47, 19)], source: LAKES_LIST },
];
