import { describe, expect, test } from 'vitest';
import { below, stepAt, stepOf, viewOfStep, wayDown } from './step.ts';
import { parseView, serializeView } from './view.ts';

const step = (search: string) => stepOf(parseView(search), 'medium');

describe('the step the URL shows', () => {
  test('is the deepest place chosen, holding the ids of the places above it', () => {
    expect(step('').kind).toBe('country');
    expect(step('?region=7')).toMatchObject({ kind: 'region', key: 'region:7', region: '7' });
    expect(step('?region=7&province=7022')).toMatchObject({ kind: 'province', region: '7', province: '7022' });
    expect(step('?region=7&province=7022&municity=702214&barangay=0702214001')).toMatchObject({
      kind: 'municity',
      key: 'municity:702214',
      region: '7',
      province: '7022',
      municity: 702214,
      barangay: '0702214001',
    });
  });

  test('goes back up through its parents to the country', () => {
    const town = step('?region=7&province=7022&municity=702214');
    expect(wayDown(town).map((s) => s.key)).toEqual(['country', 'region:7', 'province:7022', 'municity:702214']);
    expect(town.parent?.parent?.kind).toBe('region');
    expect(step('').parent).toBeUndefined();
  });

  test('says what its units are', () => {
    expect(
      ['', '?region=7', '?region=7&province=7022', '?region=7&province=7022&municity=1'].map((s) => step(s).units),
    ).toEqual(['regions', 'provinces', 'cities and municipalities', 'barangays']);
  });

  test('is drawn at the detail the link fixes, else at the one the zoom calls for', () => {
    expect(step('?region=7')).toMatchObject({ level: undefined, detail: 'medium' });
    expect(step('?region=7&level=detailed')).toMatchObject({ level: 'detailed', detail: 'detailed' });
  });

  test('holds the regions drawn together only at the country, where they are drawn', () => {
    expect(step('?batch=0100000000,0700000000').batch).toEqual(['0100000000', '0700000000']);
    expect(step('?region=7&batch=0100000000').batch).toBeUndefined();
    expect(step('?region=7&batch=0100000000').parent?.batch).toBeUndefined();
  });

  test('is one step whatever the marker, the shade or the camera say', () => {
    const plain = step('?region=7&province=7022');
    expect(step('?region=7&province=7022&marker=123.9,10.3&shade=density&at=123.9,10.3,9')).toEqual(plain);
  });
});

describe('the way from a step', () => {
  const town = step('?region=7&province=7022&municity=702214&barangay=0702214001&level=simple');

  test('one step down is a unit of it, with the detail the link fixes kept', () => {
    expect(serializeView(below(step('?level=simple'), 7))).toBe('?region=0700000000&level=simple');
    expect(serializeView(below(step('?region=7'), '7022'))).toBe('?region=0700000000&province=0702200000');
    expect(below(step('?region=7&province=7022'), 702214)).toEqual({ region: '7', province: '7022', municity: 702214 });
    expect(serializeView(below(town, '0702214002'))).toBe(
      '?region=0700000000&province=0702200000&municity=0702214000&barangay=0702214002&level=simple',
    );
  });

  test('a region opened leaves the regions drawn together behind', () => {
    expect(below(step('?batch=0100000000'), 1)).toEqual({ region: '1' });
  });

  test('back to a step above goes to that step, with no barangay chosen', () => {
    const province = stepAt(town, 'province');
    expect(province && serializeView(viewOfStep(province))).toBe('?region=0700000000&province=0702200000&level=simple');
    expect(serializeView(viewOfStep(town))).toBe(
      '?region=0700000000&province=0702200000&municity=0702214000&level=simple',
    );
    expect(stepAt(step('?region=7'), 'province')).toBeUndefined();
  });

  test('back to the country goes to the country itself, not to the regions drawn together there', () => {
    expect(viewOfStep(step('?batch=0100000000&level=simple'))).toEqual({ level: 'simple' });
  });
});
