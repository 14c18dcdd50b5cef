import { describe, expect, test } from 'vitest';
import type { GeocodeCandidate, MunicitySearchItem } from '../../contract/types.ts';
import { cameraOf, linkInCurrentForm, parseView, serializeView, townViewOf, viewOf } from './view.ts';

describe('the view in the URL', () => {
  test('names each step by its PSGC code, and reads the same view back', () => {
    const view = { region: '7', province: '7022', municity: 702217, barangay: '0702217001', level: 'medium' as const };
    const link = '?region=0700000000&province=0702200000&municity=0702217000&barangay=0702217001&level=medium';
    expect(serializeView(view)).toBe(link);
    expect(parseView(link)).toEqual(view);
  });

  test('names a unit with no PSGC code by its id, and reads it back: Metro Manila, a created region and province', () => {
    const manila = { region: '13', province: '13000', municity: 1380600 };
    expect(serializeView(manila)).toBe('?region=1300000000&province=13000&municity=1380600000');
    expect(parseView(serializeView(manila))).toEqual(manila);
    const created = { region: '100', province: '100000' };
    expect(serializeView(created)).toBe('?region=100&province=100000');
    expect(parseView(serializeView(created))).toEqual(created);
  });

  test('opens each form of link written before steps were named by code, as the same view', () => {
    expect(parseView('?region=4&province=4010&municity=401001&barangay=0401001006')).toEqual(
      parseView('?region=0400000000&province=0401000000&municity=0401001000&barangay=0401001006'),
    );
    expect(parseView('?region=4&province=4010&municity=401001')).toEqual(
      parseView('?region=0400000000&province=0401000000&municity=0401001000'),
    );
    expect(parseView('?region=4&province=4010')).toEqual({ region: '4', province: '4010' });
    expect(parseView('?region=4')).toEqual({ region: '4' });
    // with the camera (read apart from the view), a searched marker, a shade, a comparison
    const old = '?region=7&province=7022&marker=123.9,10.3&shade=density&compare=7/7022,7/7012&at=123.9,10.3,9.5';
    expect(parseView(old)).toEqual({
      region: '7',
      province: '7022',
      marker: [123.9, 10.3],
      shade: 'density',
      compare: [
        { region: '7', province: '7022' },
        { region: '7', province: '7012' },
      ],
    });
    expect(cameraOf(old)).toEqual({ center: [123.9, 10.3], zoom: 9.5 });
    // written again, the same view in the new form
    expect(serializeView(parseView(old))).toBe(
      '?region=0700000000&province=0702200000&marker=123.90000,10.30000&shade=density' +
        '&compare=0700000000/0702200000,0700000000/0701200000',
    );
  });

  test('an older link is written again in the current form, its camera and marker kept as they are', () => {
    expect(linkInCurrentForm('?region=4&province=4010&at=121.1,13.9,9.5&marker=121.0,13.8')).toBe(
      '?region=0400000000&province=0401000000&at=121.1,13.9,9.5&marker=121.0,13.8',
    );
    expect(linkInCurrentForm('?region=7&compare=7/7022')).toBe('?region=0700000000&compare=0700000000/0702200000');
    const current = '?region=0700000000&province=0702200000&at=123.9,10.3,9';
    expect(linkInCurrentForm(current)).toBe(current);
    expect(linkInCurrentForm('')).toBe('');
  });

  test('keeps a code that is no unit of its level for the API to say it is not found; drops such a town', () => {
    expect(parseView('?region=0401000000')).toEqual({ region: '0401000000' });
    expect(parseView('?region=0400000000&province=0400000000')).toEqual({ region: '4', province: '0400000000' });
    expect(parseView('?region=0400000000&province=0401000000&municity=0401001006')).toEqual({
      region: '4',
      province: '4010',
    });
  });

  test('opens a province named by its code alone under the region its code names, and writes the region in', () => {
    expect(parseView('?province=0702200000')).toEqual({ region: '7', province: '7022' });
    expect(parseView('?province=0702200000&municity=0702217000')).toEqual({
      region: '7',
      province: '7022',
      municity: 702217,
    });
    expect(linkInCurrentForm('?province=0702200000&at=123.9,10.3,9')).toBe(
      '?region=0700000000&province=0702200000&at=123.9,10.3,9',
    );
    // a code that is no province's, and a town's code alone, name no region
    expect(parseView('?province=0702217000')).toEqual({});
    expect(parseView('?municity=0702217000')).toEqual({});
  });

  test('drops a step whose parent is missing, and bad values', () => {
    expect(parseView('?province=7022&municity=1')).toEqual({});
    expect(parseView('?region=7&municity=5')).toEqual({ region: '7' });
    expect(parseView('?region=7&province=7022&municity=abc&level=huge')).toEqual({ region: '7', province: '7022' });
  });

  test('reads a region typed with its leading zero as the API id', () => {
    expect(parseView('?region=07&province=7022')).toEqual({ region: '7', province: '7022' });
    expect(parseView('?region=region-ncr')).toEqual({ region: 'region-ncr' });
    expect(parseView('?region=100')).toEqual({ region: '100' });
  });

  test('holds the searched marker, to five decimals, and drops one that is not a point on Earth', () => {
    const view = { region: '7', marker: [123.893456789, 10.3312345] as [number, number] };
    expect(serializeView(view)).toBe('?region=0700000000&marker=123.89346,10.33123');
    expect(parseView(serializeView(view))).toEqual({ region: '7', marker: [123.89346, 10.33123] });
    expect(parseView('?region=7&marker=123.9')).toEqual({ region: '7' });
    expect(parseView('?region=7&marker=200,10')).toEqual({ region: '7' });
    expect(parseView('?region=7&marker=a,b')).toEqual({ region: '7' });
  });

  test('holds two places compared, readable in the link, and drops a second that repeats the first', () => {
    const view = {
      region: '4',
      compare: [
        { region: '4', province: '4010' },
        { region: '4', province: '4021' },
      ],
    };
    expect(serializeView(view)).toBe('?region=0400000000&compare=0400000000/0401000000,0400000000/0402100000');
    expect(parseView(serializeView(view))).toEqual(view);
    expect(parseView('?compare=4%2F4010%2C4%2F4010')).toEqual({ compare: [{ region: '4', province: '4010' }] });
    expect(parseView('?compare=4/4010,4/x/y,13/13000,7')).toEqual({
      compare: [
        { region: '4', province: '4010' },
        { region: '13', province: '13000' },
      ],
    });
    expect(parseView('?compare=,')).toEqual({});
  });

  test('reads the camera a link holds, apart from the view', () => {
    expect(cameraOf('?region=7&at=123.9,10.3,13.5')).toEqual({ center: [123.9, 10.3], zoom: 13.5 });
    expect(cameraOf('?region=7&at=123.9%2C10.3%2C13.5')).toEqual({ center: [123.9, 10.3], zoom: 13.5 });
    expect(cameraOf('?region=7')).toBeUndefined();
    expect(cameraOf('?at=123.9,10.3')).toBeUndefined();
    expect(cameraOf('?at=123.9,10.3,99')).toBeUndefined();
    expect(parseView('?region=7&at=123.9,10.3,13.5')).toEqual({ region: '7' });
  });

  test('keeps a batch of region codes', () => {
    expect(parseView('?batch=0100000000,0700000000,bad')).toEqual({ batch: ['0100000000', '0700000000'] });
  });
});

describe('the view of a place found', () => {
  const candidate = (c: Partial<GeocodeCandidate>) =>
    ({
      region_id: 7,
      province_id: null,
      municity_id: null,
      level: 'Reg',
      code: '0700000000',
      lng: 123.9,
      lat: 10.3,
      ...c,
    }) as GeocodeCandidate;

  test('opens each step the place lies in, down to a barangay selected in its town, marked where it is', () => {
    const barangay = candidate({ level: 'Bgy', code: '0702214001', province_id: '7022', municity_id: 702214 });
    expect(viewOf(barangay, 'medium')).toEqual({
      region: '7',
      province: '7022',
      municity: 702214,
      barangay: '0702214001',
      level: 'medium',
      marker: [123.9, 10.3],
    });
    expect(serializeView(viewOf(candidate({ level: 'Prov', province_id: '7022' }), undefined))).toBe(
      '?region=0700000000&province=0702200000&marker=123.90000,10.30000',
    );
    expect(serializeView(viewOf(candidate({}), undefined))).toBe('?region=0700000000&marker=123.90000,10.30000');
  });

  test('skips a town with no province to open it under, as the URL would drop it', () => {
    expect(serializeView(viewOf(candidate({ level: 'Mun', municity_id: 1 }), undefined))).toBe(
      '?region=0700000000&marker=123.90000,10.30000',
    );
  });

  test('opens a town found by name in any province', () => {
    const vigan = { id: '102934', region_id: 1, province_id: '1029' } as MunicitySearchItem;
    expect(serializeView(townViewOf(vigan, 'simple'))).toBe(
      '?region=0100000000&province=0102900000&municity=0102934000&level=simple',
    );
  });
});
