import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { describe, expect, test } from 'vitest';
import type { Member } from './clusters.ts';
import { metresBetween } from './clusters.ts';
import { dissolveGroups } from './geometry.ts';
import { centreNameRank, clusterPoint, junctionPoint, type TownBarangay, townCentre } from './town-point.ts';

const box = (west: number, east: number, south = 0, north = 0.01): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [120 + west, 10 + south],
      [120 + east, 10 + south],
      [120 + east, 10 + north],
      [120 + west, 10 + north],
      [120 + west, 10 + south],
    ],
  ],
});

const barangay = (code: string, name: string, more: Partial<TownBarangay> = {}): TownBarangay => ({
  code,
  name,
  shape: box(Number(code) / 100, Number(code) / 100 + 0.01),
  population: 100,
  poblacion: false,
  urban: false,
  ...more,
});

describe('names that say a barangay is the town centre', () => {
  test.each([
    ['Poblacion', 0],
    ['Poblacion East', 0],
    ['North Poblacion', 0],
    ['Población', 0],
    ['Zone 1 Pob.', 0],
    ['Santo Niño (Pob.)', 0],
    ['Centro', 0],
    ['Centro Norte', 0],
    ['Barangay 1', 1],
    ['Barangay I', 1],
    ['Barangay No. 1', 1],
    ['Zone 1', 1],
    ['Tinoc', 2],
    ['Lugus Proper', 2],
    ['Mangali Centro', null],
    ['Barangay 10', null],
    ['Barangay 1-A', null],
    ['Zone 12', null],
    ['San Isidro', null],
  ])('%s: %s', (name, rank) => {
    const town = name === 'Lugus Proper' ? 'Lugus' : 'Tinoc';
    expect(centreNameRank(name, town)).toBe(rank);
  });

  test('match the town without its "City of"', () => {
    expect(centreNameRank('Tagum', 'City of Tagum')).toBe(2);
    expect(centreNameRank('Tagum Proper', 'Tagum City')).toBe(2);
  });
});

describe('which barangays make the town proper', () => {
  test('the main cluster of flagged poblacion barangays, with those named Poblacion or Centro beside them', () => {
    // As in Guiuan, where Lupok is flagged and Poblacion Ward 1 to 12 around it are not.
    const centre = townCentre('Tinoc', [
      barangay('0', 'Poblacion Ward 1'),
      barangay('1', 'Tinoc'),
      barangay('2', 'Alpha', { poblacion: true }),
      barangay('3', 'Beta', { poblacion: true }),
      barangay('9', 'Gamma', { poblacion: true, population: 10_000 }),
    ]);
    expect(centre.rule).toBe('poblacion');
    expect(centre.cluster.map((m) => m.code).sort()).toEqual(['0', '2', '3']);
  });

  test('else the barangays named as centres, of the surest kind found', () => {
    const towns = [barangay('0', 'Tinoc'), barangay('2', 'Barangay 1'), barangay('5', 'Poblacion Sur')];
    expect(townCentre('Tinoc', towns)).toMatchObject({ rule: 'named', cluster: [{ code: '5' }] });
    expect(townCentre('Tinoc', towns.slice(0, 2))).toMatchObject({ rule: 'named', cluster: [{ code: '2' }] });
    expect(townCentre('Tinoc', towns.slice(0, 1))).toMatchObject({ rule: 'named', cluster: [{ code: '0' }] });
  });

  test('else two or more barangays named by a number alone, as a town proper’s quarters are', () => {
    // Tingloy's poblacion is Barangay 13 to 16; Cuyapo's District I to VIII.
    const towns = [
      barangay('0', 'Barangay 13'),
      barangay('1', 'Barangay 14'),
      barangay('2', 'District IV'),
      barangay('5', 'San Isidro', { urban: true, population: 5_000 }),
    ];
    expect(townCentre('Tingloy', towns)).toMatchObject({
      rule: 'named',
      cluster: [{ code: '0' }, { code: '1' }, { code: '2' }],
    });
    // One alone is not enough: it may be a village's name.
    expect(townCentre('Tingloy', towns.slice(2))).toMatchObject({ rule: 'urban', cluster: [{ code: '5' }] });
  });

  test('else the main cluster of the densest quarter of the urban barangays, else none', () => {
    // As in Baguio: Irisan, the most populous, is a large barangay at the edge; downtown's are small and crowded.
    const towns = [
      barangay('0', 'Session Road', { urban: true, population: 2_000, shape: box(0, 0.002) }),
      barangay('1', 'Market', { urban: true, population: 1_500, shape: box(0.002, 0.004) }),
      barangay('3', 'Outer', { urban: true, population: 2_500, shape: box(0.03, 0.05) }),
      barangay('6', 'Irisan', { urban: true, population: 30_000, shape: box(0.06, 0.5) }),
      barangay('9', 'Far', { urban: true, population: 3_000, shape: box(0.9, 0.91) }),
      barangay('8', 'Gamma', { urban: false, population: 500 }),
    ];
    const centre = townCentre('Tinoc', towns);
    expect(centre.rule).toBe('urban');
    expect(centre.cluster.map((m) => m.code).sort()).toEqual(['0', '1']);
    expect(townCentre('Tinoc', towns.slice(5))).toEqual({ rule: 'label', cluster: [] });
  });

  test('never a barangay without a polygon', () => {
    const towns = [
      barangay('0', 'Alpha', { poblacion: true, shape: undefined }),
      barangay('2', 'Poblacion', { shape: undefined }),
      barangay('4', 'Gamma', { urban: true }),
    ];
    expect(townCentre('Tinoc', towns)).toMatchObject({ rule: 'urban', cluster: [{ code: '4' }] });
  });
});

describe('the point of a cluster', () => {
  const member = (code: string, shape: Polygon): Member => ({ code, shape, population: null });
  const [west, middle, east] = [member('w', box(0, 0.01)), member('m', box(0.01, 0.02)), member('e', box(0.02, 0.03))];
  const far = member('f', box(0.04, 0.05)); // 1.1 km east of `east`

  test('of touching barangays is the middle of their union, inside one of them', async () => {
    const union = (await dissolveGroups(new Map([['t', [west.shape, middle.shape, east.shape]]]))).get('t');
    expect(union?.type).toBe('Polygon');
    const point = clusterPoint([west, middle, east], union);
    expect(booleanPointInPolygon(point, middle.shape, { ignoreBoundary: true })).toBe(true);
    expect(point[0]).toBeCloseTo(120.015, 3);
  });

  test('of barangays apart is in the part that holds the barangay nearest the centre', async () => {
    const cluster = [west, middle, east, far];
    const union = (await dissolveGroups(new Map([['t', cluster.map((m) => m.shape)]]))).get('t');
    expect(union?.type).toBe('MultiPolygon');
    const point = clusterPoint(cluster, union);
    expect(booleanPointInPolygon(point, middle.shape)).toBe(true);
  });

  test('is the nearest barangay’s own label point when the union’s would lie outside the cluster', () => {
    // A part that holds the middle barangay but reaches 10 km south of the cluster, where its label point lies.
    const wrong: Polygon = box(-0.01, 0.04, -0.1, 0.01);
    const point = clusterPoint([west, middle, east], wrong);
    expect(point).toEqual([120.015, 10.005]);
    expect(clusterPoint([far], undefined)).toEqual([120.045, 10.005]);
  });

  // Antipolo's four poblacion barangays meet at its plaza, but San Jose (Pob.) runs 15 km east into the hills: the
  // middle of their union lay out there. Three small quarters and one long one, meeting at (120.01, 10.01).
  const quarters = [
    member('1', box(0, 0.01, 0, 0.01)),
    member('2', box(0.01, 0.02, 0, 0.01)),
    member('3', box(0, 0.01, 0.01, 0.02)),
    member('4', box(0.01, 0.15, 0.01, 0.02)),
  ];

  test('of barangays that meet at one corner is just inside the smallest of them there, at the corner', async () => {
    const union = (await dissolveGroups(new Map([['t', quarters.map((m) => m.shape)]]))).get('t');
    const point = clusterPoint(quarters, union);
    expect(metresBetween(point, [120.01, 10.01])).toBeLessThan(40);
    expect(booleanPointInPolygon(point, quarters[0].shape, { ignoreBoundary: true })).toBe(true);
  });

  test('takes the corner where the most of them meet, and none when no three meet', () => {
    // A fifth quarter south of the first two makes three meet at (120.01, 10.00) and four at (120.01, 10.01).
    const cluster = [...quarters, member('5', box(0, 0.02, -0.01, 0))];
    expect(metresBetween(junctionPoint(cluster, [120.05, 10.01])!, [120.01, 10.01])).toBeLessThan(40);
    expect(junctionPoint([west, middle, east], [120.015, 10.005])).toBeNull();
  });
});
