import { describe, expect, test } from 'vitest';
import type { Region } from '../../../contract/types.ts';
import { stepOf } from '../step.ts';
import type { ExplorerView } from '../view.ts';
import { childOf, STEPS, specOf } from './steps.ts';

const at = (view: ExplorerView) => stepOf(view, 'simple');
const country = at({});
const batch = at({ batch: ['0700000000'] });
const region = at({ region: '7' });
const province = at({ region: '7', province: '7022' });
const town = at({ region: '7', province: '7022', municity: 702214 });

describe('the steps table', () => {
  test('each step goes down to the next, and a town to its barangays', () => {
    expect([country, region, province, town].map((s) => childOf(s.kind))).toEqual([
      'region',
      'province',
      'municity',
      'barangay',
    ]);
    expect(Object.keys(STEPS)).toEqual(['country', 'region', 'province', 'municity']);
  });

  test("each kind's place goes in the view under its kind's own name (PlaceIds is keyed so)", () => {
    for (const spec of Object.values(STEPS)) if ('viewKey' in spec) expect(spec.viewKey).toBe(spec.kind);
  });

  test("the map fills the sources of the step's units: a town's province's towns stay drawn around it", () => {
    expect(specOf(country).fills(country)).toEqual([]);
    expect(specOf(batch).fills(batch)).toEqual(['batch']);
    expect(specOf(region).fills(region)).toEqual(['regionTowns']);
    expect(specOf(province).fills(province)).toEqual(['towns']);
    expect(specOf(town).fills(town)).toEqual(['towns', 'barangays']);
  });

  test('the regions drawn together are the units of the country, in their own layers', () => {
    const regions = [{ code: '0700000000' }, { code: '1300000000' }] as Region[];
    expect(specOf(batch).list(batch, { regions })).toEqual([regions[0]]);
    expect(specOf(country).list(country, { regions })).toEqual(regions);
    expect(specOf(batch).drawn(batch).fill.id).not.toBe(specOf(country).drawn(country).fill.id);
  });

  test('only a town step is told drawn, by its town and detail', () => {
    expect([country, region, province].map((s) => specOf(s).drawnKey?.(s))).toEqual([undefined, undefined, undefined]);
    expect(specOf(town).drawnKey?.(town)).toBe('702214/simple');
  });
});
