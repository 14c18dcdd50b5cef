import { describe, expect, test } from 'vitest';
import { mergePickables, movesSentence, type Pickable, pickableOf, prefixEdits, searchPickables } from './members.ts';

const from = (code: string, name = `Region ${code}`) => ({ id: `region-${code.toLowerCase()}`, code, name });
const move = (name: string, kind: 'province' | 'city', region: ReturnType<typeof from>) => ({
  id: name,
  code: name,
  name,
  kind,
  from: region,
});

describe('the sentence that says what a new region takes', () => {
  test('names the kinds counted and the numbered regions they leave, in one sentence', () => {
    const vi = from('VI');
    const vii = from('VII');
    expect(
      movesSentence([
        move('Negros Occidental', 'province', vi),
        move('Negros Oriental', 'province', vii),
        move('Siquijor', 'province', vii),
        move('City of Bacolod', 'city', vi),
      ]),
    ).toBe('3 provinces and 1 city move from Regions VI and VII');
  });

  test('one place moves; regions without a number are named', () => {
    expect(movesSentence([move('Benguet', 'province', from('CAR', 'Cordillera Administrative Region (CAR)'))])).toBe(
      '1 province moves from Cordillera Administrative Region (CAR)',
    );
    expect(movesSentence([move('Albay', 'province', from('V')), move('Abra', 'province', from('CAR', 'CAR'))])).toBe(
      '2 provinces move from Region V and CAR',
    );
  });
});

describe('the places a region can be made of', () => {
  const places: Pickable[] = mergePickables([
    pickableOf({ code: '1339000000', name: 'NCR, City of Manila, First District', level: 'Dist' }, 'NCR'),
    pickableOf({ code: '1374000000', name: 'NCR, Second District', level: 'Dist' }, 'NCR'),
    pickableOf({ code: '0630200000', name: 'City of Bacolod', level: 'City' }, 'Region VI'),
    pickableOf({ code: '0604500000', name: 'Negros Occidental', level: 'Prov' }, 'Region VI'),
    pickableOf({ code: '0704600000', name: 'Negros Oriental', level: 'Prov' }, 'Region VII'),
  ]);

  test("Metro Manila is one place made of its districts' outlines, moved by its province id", () => {
    const metro = places.find((p) => p.name === 'Metro Manila');
    expect(metro).toMatchObject({ id: '13000', kind: 'province', areas: ['1339000000', '1374000000'] });
    expect(places).toHaveLength(4);
  });

  test('found by name, accents and "City of" aside, those starting with the text first', () => {
    expect(searchPickables(places, 'negros', 8).map((p) => p.name)).toEqual(['Negros Occidental', 'Negros Oriental']);
    expect(searchPickables(places, 'bacolod', 8).map((p) => p.id)).toEqual(['0630200000']);
    expect(searchPickables(places, 'ócc', 8).map((p) => p.name)).toEqual(['Negros Occidental']);
    expect(searchPickables(places, '  ', 8)).toEqual([]);
  });

  test('forgive a typo as the main search does: one from four letters, two from eight, after the exact ones', () => {
    const more = [...places, pickableOf({ code: '1001800000', name: 'Camiguin', level: 'Prov' }, 'Region X')];
    expect(searchPickables(more, 'camigin', 8).map((p) => p.name)).toEqual(['Camiguin']);
    expect(searchPickables(more, 'negors occ', 8).map((p) => p.name)).toEqual(['Negros Occidental']);
    expect(searchPickables(more, 'bacolood', 8).map((p) => p.name)).toEqual(['City of Bacolod']);
    expect(searchPickables(more, 'cam', 8).map((p) => p.name)).toEqual(['Camiguin']);
    expect(searchPickables(more, 'xyz', 8)).toEqual([]);
  });
});

describe('prefixEdits', () => {
  test('counts the edits to the closest start of a name', () => {
    expect(prefixEdits('camigin', 'camiguin')).toBe(1);
    expect(prefixEdits('cami', 'camiguin')).toBe(0);
    expect(prefixEdits('kamiguin', 'camiguin')).toBe(1);
    expect(prefixEdits('bohol', 'camiguin')).toBeGreaterThan(2);
  });
});
