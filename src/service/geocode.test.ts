import { beforeAll, describe, expect, test } from 'vitest';
import { buildQueries } from '../../bench/geocode-queries.ts';
import { diskDataSource } from '../mocks/node-data.ts';
import { Dataset } from './dataset.ts';
import { Geocoder } from './geocode.ts';
import { parseName, withinOneEdit } from './geocode-text.ts';

describe('reading place names', () => {
  test.each([
    ['Brgy. Sto. Niño', 'santo nino', 'Bgy'],
    ['City of San Fernando', 'san fernando', 'City'],
    ['San Fernando City', 'san fernando', 'City'],
    ['Pob. Norte', 'poblacion norte', undefined],
    ['Barangay 1', 'barangay 1', undefined],
    ['Quezon City', 'quezon', 'City'],
  ])('%s reads as "%s"', (text, key, level) => {
    const parsed = parseName(text);
    expect(parsed.key).toBe(key);
    if (level) expect([...parsed.levels]).toContain(level);
  });

  test('one edit apart, or two neighbouring letters swapped', () => {
    expect(withinOneEdit('makati', 'makaty')).toBe(true);
    expect(withinOneEdit('makati', 'amkati')).toBe(true);
    expect(withinOneEdit('makati', 'makti')).toBe(true);
    expect(withinOneEdit('makati', 'mkty')).toBe(false);
  });
});

describe('the geocoder on the benchmark queries', () => {
  let geocoder: Geocoder;
  let queries: ReturnType<typeof buildQueries>;
  beforeAll(async () => {
    const data = await Dataset.load(diskDataSource());
    geocoder = new Geocoder(data, await data.gazetteer());
    queries = buildQueries(data.units, data.hierarchy.geoProvince);
  });

  test('finds the place meant first for at least 90% and in the top five for at least 97%', () => {
    expect(queries.length).toBeGreaterThanOrEqual(300);
    let top1 = 0;
    let top5 = 0;
    for (const { q, expected } of queries) {
      const codes = geocoder.search(q, 5).map((c) => c.code);
      if (codes[0] === expected) top1++;
      if (codes.includes(expected)) top5++;
    }
    expect(top1 / queries.length).toBeGreaterThanOrEqual(0.9);
    expect(top5 / queries.length).toBeGreaterThanOrEqual(0.97);
  });

  test('knows the everyday nicknames', () => {
    expect(geocoder.search('QC', 1)[0].name).toBe('Quezon City');
    expect(geocoder.search('gensan', 1)[0].name).toBe('City of General Santos');
  });
});
