import { describe, expect, expectTypeOf, test } from 'vitest';
import { below, openingOf, stepOf, wayDown } from './step.ts';
import type { PlaceIds } from './steps/spec.ts';
import { type AnyStepSpec, STEPS } from './steps/steps.ts';
import { type ExplorerView, parseView, serializeView } from './view.ts';

/**
 * A steps' table with a kind no PSGC level is, between the country and a region: a group of regions, which a
 * region's id implies (7 and 6 are in the "vis" group, a created region in none, any other in "lzn"). No view made
 * elsewhere names it.
 */
const group = {
  ...STEPS.region,
  kind: 'group',
  viewKey: 'group',
  place: undefined,
  impliedBy: ({ region }: Partial<PlaceIds>) =>
    region === undefined || region === 'R-NEW' ? undefined : ['6', '7'].includes(region) ? 'vis' : 'lzn',
} as unknown as AnyStepSpec;
const ORDER = [STEPS.country, group, STEPS.region, STEPS.province, STEPS.municity] as AnyStepSpec[];

const stepIn = (view: ExplorerView) => stepOf(view, 'medium', ORDER);
const kinds = (view: ExplorerView) => wayDown(stepIn(view)).map((s) => s.key);

describe('a kind implied by the places below it', () => {
  test('is the step of a view that names it, and is implied where a view names only a place below', () => {
    expect(kinds({ group: 'vis' } as ExplorerView)).toEqual(['country', 'group:vis']);
    expect(kinds({ region: '7', province: '7022' })).toEqual(['country', 'group:vis', 'region:7', 'province:7022']);
    expect(stepIn({ region: '13' })).toMatchObject({ kind: 'region', group: 'lzn', region: '13' });
  });

  test('is passed over where the places below imply none: a region in no group opens from the country', () => {
    expect(kinds({ region: 'R-NEW', province: 'P-NEW' })).toEqual(['country', 'region:R-NEW', 'province:P-NEW']);
    expect(stepIn({ region: 'R-NEW' })).not.toHaveProperty('group');
  });

  test('a link may leave it out (as the search, a click around and older links do), and it reads the same', () => {
    const view = parseView('?region=0700000000&province=0702200000', ORDER);
    expect(view).toEqual({ region: '7', province: '7022' });
    expect(serializeView(view, ORDER)).toBe('?region=0700000000&province=0702200000');
    expect(parseView('?group=vis&region=7', ORDER)).toEqual({ group: 'vis', region: '7' });
    expect(serializeView({ group: 'vis', region: '7' } as ExplorerView, ORDER)).toBe('?group=vis&region=0700000000');
  });

  test('where no kind is implied, a link still stops at the first place it leaves out', () => {
    // (a province's code names its region in its first digits; its id does not)
    expect(parseView('?province=7022')).toEqual({});
    expect(serializeView({ province: '7022' })).toBe('');
    expect(serializeView({ province: '7022' }, ORDER)).toBe('');
  });

  test('a click on a region names the region alone, from the country or from a region of another group', () => {
    const country = stepIn({});
    expect(openingOf(country, 'region', 7, ORDER)).toEqual({ region: '7', marker: undefined });
    const luzon = stepIn({ region: '13' });
    expect(openingOf(luzon, 'region', 7, ORDER)).toEqual({ region: '7', marker: undefined });
    expect(kinds(openingOf(luzon, 'region', 7, ORDER) ?? {})).toEqual(['country', 'group:vis', 'region:7']);
    // Below the group, one step down as ever.
    const region = stepIn({ region: '7' });
    expect(openingOf(region, 'province', '7022', ORDER)).toMatchObject({ region: '7', province: '7022' });
  });
});

describe('opening a place from the step shown, in the steps of the app', () => {
  const at = (view: ExplorerView) => stepOf(view, 'medium');
  test('is one step down from the step whose units such places are', () => {
    const country = at({});
    const province = at({ region: '7', province: '7022' });
    expect(openingOf(country, 'region', 7)).toEqual(below(country, 7));
    expect(openingOf(province, 'municity', '702214')).toEqual({
      region: '7',
      province: '7022',
      municity: 702214,
      marker: undefined,
    });
    expect(openingOf(at({ region: '7', province: '7022', municity: 702214 }), 'municity', 702215)).toMatchObject({
      municity: 702215,
    });
  });

  test('is none where the step shown is above that step', () => {
    expect(openingOf(at({}), 'province', '7022')).toBeUndefined();
    expect(openingOf(at({ region: '7' }), 'municity', 702214)).toBeUndefined();
  });

  test("a place's id is of the type its spec declares: a town's a number", () => {
    expectTypeOf<PlaceIds['municity']>().toEqualTypeOf<number>();
    expectTypeOf<PlaceIds['province']>().toEqualTypeOf<string>();
    expectTypeOf<PlaceIds['region']>().toEqualTypeOf<string>();
    expect(below(at({ region: '7', province: '7022' }), '702214').municity).toBe(702214);
  });
});
