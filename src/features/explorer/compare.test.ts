import { describe, expect, test } from 'vitest';
import { compareRows, differenceText, placeOfView } from './compare.ts';
import type { FactRow } from './fact-rows.ts';
import { parsePlace, placeText } from './place-ref.ts';

const people = (value: number) => ({ value, kind: 'people' as const });

describe('differenceText', () => {
  test('says how many more or fewer people, and the share of the first place’s count', () => {
    expect(differenceText(people(152_405), people(164_750))).toBe('+12,345 people (+8.1%)');
    expect(differenceText(people(164_750), people(152_405))).toBe('−12,345 people (−7.5%)');
    expect(differenceText(people(2_908_494), people(4_344_829))).toBe('+1,436,335 people (+49.4%)');
    expect(differenceText(people(10), people(11))).toBe('+1 person (+10.0%)');
  });

  test('writes a share of 100% and more without decimals, and a sliver as one', () => {
    expect(differenceText(people(1_000), people(3_450))).toBe('+2,450 people (+245%)');
    expect(differenceText(people(1_000), people(2_000))).toBe('+1,000 people (+100%)');
    expect(differenceText(people(1_776_949), people(1_776_950))).toBe('+1 person (less than 0.1%)');
  });

  test('says no share of nothing', () => {
    expect(differenceText(people(0), people(250))).toBe('+250 people');
  });

  test('takes the figures as shown: areas to two decimals, densities to none', () => {
    expect(differenceText({ value: 2433.612, kind: 'area' }, { value: 2000.014, kind: 'area' })).toBe(
      '−433.6 km² (−17.8%)',
    );
    expect(differenceText({ value: 730.2, kind: 'density' }, { value: 731.7, kind: 'density' })).toBe(
      '+2 per km² (+0.3%)',
    );
    expect(differenceText({ value: 730.2, kind: 'density' }, { value: 729.9, kind: 'density' })).toBe('The same');
  });

  test('gives a rate’s difference in percentage points, with no share', () => {
    expect(differenceText({ value: 1.63, kind: 'rate' }, { value: 1.11, kind: 'rate' })).toBe(
      '−0.52 percentage points',
    );
    expect(differenceText({ value: -0.5, kind: 'rate' }, { value: 0.5, kind: 'rate' })).toBe('+1 percentage point');
  });

  test('compares nothing of two kinds', () => {
    expect(differenceText(people(10), { value: 10, kind: 'area' })).toBeUndefined();
  });
});

describe('compareRows', () => {
  const row = (key: string, text: string, figure?: FactRow['figure']): FactRow => ({
    key,
    label: key,
    text,
    ...(figure && { figure }),
  });

  test('pairs the rows by key in the first place’s order, a row of the second’s placed where it stands there', () => {
    const town = [
      row('code', '0401001000'),
      row('level', 'Municipality'),
      row('population-2020', '40,704', people(40704)),
    ];
    const barangay = [
      row('code', '0401001006'),
      row('level', 'Barangay'),
      row('urban-rural', 'Rural'),
      row('population-2020', '1,221', people(1221)),
    ];
    expect(compareRows(town, barangay)).toEqual([
      { key: 'code', label: 'code', a: '0401001000', b: '0401001006' },
      { key: 'level', label: 'level', a: 'Municipality', b: 'Barangay' },
      { key: 'urban-rural', label: 'urban-rural', a: undefined, b: 'Rural' },
      {
        key: 'population-2020',
        label: 'population-2020',
        a: '40,704',
        b: '1,221',
        difference: '−39,483 people (−97.0%)',
      },
    ]);
  });

  test('says where two texts are the same, and takes the plural of a label that differs by number', () => {
    const a = [{ key: 'zip', label: 'ZIP code', text: '4200' }, row('income-class', '1st')];
    const b = [{ key: 'zip', label: 'ZIP codes', text: '4100, 4101' }, row('income-class', '1st')];
    expect(compareRows(a, b)).toEqual([
      { key: 'zip', label: 'ZIP codes', a: '4200', b: '4100, 4101' },
      { key: 'income-class', label: 'income-class', a: '1st', b: '1st', difference: 'The same' },
    ]);
  });
});

describe('the places in a link', () => {
  test('reads a place of any level, and writes it back the same', () => {
    const texts = [
      '0400000000',
      '0400000000/0401000000',
      '0400000000/0401000000/0401001000',
      '1300000000/13000/1380600000/1380601001', // Metro Manila has no code: its id
      'region-nir/100001', // a created province, by its id
      '100/100000', // a created region, by its id
    ];
    for (const text of texts) expect(placeText(parsePlace(text)!)).toBe(text);
    expect(parsePlace('0400000000/0401000000/0401001000/0401001006')).toEqual({
      region: '4',
      province: '4010',
      municity: 401001,
      barangay: '0401001006',
    });
  });

  test('reads a place as links named it before they carried codes, by the API ids', () => {
    expect(parsePlace('4/4010/401001/0401001006')).toEqual(parsePlace('0400000000/0401000000/0401001000/0401001006'));
    expect(parsePlace('13/13000/1380600')).toEqual({ region: '13', province: '13000', municity: 1380600 });
    expect(parsePlace('07/7022')).toEqual({ region: '7', province: '7022' });
  });

  test('names no place where an id is missing or malformed', () => {
    for (const text of ['', '4//401001', '4/4010/abc', '4/4010/401001/123', '4/4010/401001/0401001006/x']) {
      expect(parsePlace(text)).toBeUndefined();
    }
  });

  test('the place a view shows is its deepest step, none at the country', () => {
    expect(placeOfView({})).toBeUndefined();
    expect(placeOfView({ region: '4', province: '4010', level: 'medium', shade: 'population' })).toEqual({
      region: '4',
      province: '4010',
    });
    expect(placeOfView({ region: '4', province: '4010', municity: 401001, barangay: '0401001006' })).toEqual({
      region: '4',
      province: '4010',
      municity: 401001,
      barangay: '0401001006',
    });
  });
});
