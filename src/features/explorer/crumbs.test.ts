import { describe, expect, test } from 'vitest';
import { crumbsOf as crumbsOfStep, type PlaceNames, titleOf as titleOfStep } from './crumbs.ts';
import { stepOf } from './step.ts';
import type { ExplorerView } from './view.ts';

const crumbsOf = (view: ExplorerView, names: PlaceNames) => crumbsOfStep(stepOf(view, 'simple'), names);
const titleOf = (view: ExplorerView, names: PlaceNames) => titleOfStep(stepOf(view, 'simple'), names);

describe('the breadcrumbs', () => {
  test('run from the country down to the town, each going back to its step with the level kept', () => {
    const view = { region: '7', province: '7022', municity: 702214, barangay: '0702214001', level: 'medium' as const };
    const crumbs = crumbsOf(view, {
      region: 'Region VII (Central Visayas)',
      province: 'Cebu',
      municity: 'City of Carcar',
    });
    expect(crumbs.map((c) => c.label)).toEqual([
      'Philippines',
      'Region VII (Central Visayas)',
      'Cebu',
      'City of Carcar',
    ]);
    expect(crumbs.map((c) => c.to)).toEqual([
      { level: 'medium' },
      { level: 'medium', region: '7' },
      { level: 'medium', region: '7', province: '7022' },
      { ...view, barangay: undefined },
    ]);
  });

  test('say that an independent city is not part of the province it is listed under', () => {
    const view = { region: '11', province: '11024', municity: 1130700 };
    const names = { region: 'Region XI (Davao Region)', province: 'Davao del Sur', municity: 'Davao City' };
    expect(crumbsOf(view, { ...names, municityIndependent: true })[3]).toMatchObject({
      label: 'Davao City',
      note: 'independent city, not part of Davao del Sur',
    });
    expect(crumbsOf(view, names)[3].note).toBeUndefined();
  });

  test('name a step by its kind while its name loads', () => {
    expect(crumbsOf({ region: '7', province: '7022', municity: 1 }, {}).map((c) => c.label)).toEqual([
      'Philippines',
      'Region',
      'Province',
      'City or municipality',
    ]);
  });

  test('are the country alone at the start, batch or not', () => {
    expect(crumbsOf({ batch: ['0700000000'] }, {})).toEqual([{ step: 'country', label: 'Philippines', to: {} }]);
  });

  test('the tab title names the place shown, most precise first, once its names have loaded', () => {
    const names = {
      region: 'Region VII (Central Visayas)',
      province: 'Cebu',
      municity: 'City of Carcar',
      barangay: 'Can-asujan',
    };
    expect(titleOf({}, names)).toBe('Kapuluan');
    expect(titleOf({ region: '7' }, names)).toBe('Region VII (Central Visayas) — Kapuluan');
    expect(titleOf({ region: '7', province: '7022' }, names)).toBe('Cebu — Kapuluan');
    expect(titleOf({ region: '7', province: '7022', municity: 702214 }, names)).toBe('City of Carcar — Kapuluan');
    expect(titleOf({ region: '7', province: '7022', municity: 702214, barangay: '0702214001' }, names)).toBe(
      'Can-asujan, City of Carcar — Kapuluan',
    );
    expect(titleOf({ region: '7', province: '7022' }, { region: 'Region VII (Central Visayas)' })).toBe('Kapuluan');
  });
});
