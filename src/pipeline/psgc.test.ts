import { describe, expect, test } from 'vitest';
import { cellText, districtCode, normaliseCode, parsePopulation } from './psgc.ts';
import { populationFootnotes, readNote } from './psgc-notes.ts';

describe('reading the PSGC sheet', () => {
  test('pads codes that the sheet stores as numbers', () => {
    expect(normaliseCode(908800000, 10)).toBe('0908800000');
    expect(normaliseCode('1380600000', 10)).toBe('1380600000');
    expect(normaliseCode(99700000, 9)).toBe('099700000');
    expect(normaliseCode('', 10)).toBeNull();
    expect(normaliseCode(null, 10)).toBeNull();
  });

  test('trims names and flattens rich text', () => {
    expect(cellText('City of Marawi ')).toBe('City of Marawi');
    expect(cellText({ richText: [{ text: 'Urban / Rural\n' }, { text: '(based on 2020 CPH)' }] })).toBe(
      'Urban / Rural (based on 2020 CPH)',
    );
  });

  test('reads populations written as numbers, notes or formulas', () => {
    expect(parsePopulation(1767)).toBe(1767);
    expect(parsePopulation('(excluding CITY OF ISABELA) 426,207')).toBe(426207);
    expect(parsePopulation('(excluding CITY OF CAGAYAN DE ORO) 888,509 ')).toBe(888509);
    expect(parsePopulation({ formula: 'I1+I2', result: 1780148 })).toBe(1780148);
    expect(parsePopulation({ formula: 'I1+I2', result: { error: '#VALUE!' } })).toBeNull();
    expect(parsePopulation(null)).toBeNull();
  });

  test('gives NCR districts a code from their correspondence code', () => {
    expect(districtCode('133900000')).toBe('1339000000');
    expect(districtCode('137400000')).toBe('1374000000');
  });
});

describe("reading PSA's notes to the counts", () => {
  const notes = [
    ['C.', 'Column "Urban / Rural"'],
    ['', '1/ not a population footnote'],
    ['D.', 'Column 2020 Population'],
    ['', '58/ including the population count of Barangays 176-B, 176-C, 176-D, 176-E, and 176-F'],
    ['', '9/ including the population count of City of Cotabato'],
    ['', '60/ excluding the population count of Sulu that was transferred to Region IX (Zamboanga Peninsula)'],
    ['E.', 'Column "Geographic Level"'],
    ['', '2/ not one either'],
  ];
  const footnotes = populationFootnotes(notes);

  test("takes the footnotes of the Notes sheet's population section only", () => {
    expect([...footnotes.keys()]).toEqual(['58/', '9/', '60/']);
  });

  test('reads a note cell as its footnotes, or as written without its parentheses', () => {
    expect(readNote('58/', footnotes)).toMatch(/^including the population count of Barangays 176-B/);
    expect(readNote('9/ 60/', footnotes)).toBe(
      'including the population count of City of Cotabato; excluding the population count of Sulu that was transferred to Region IX (Zamboanga Peninsula)',
    );
    expect(readNote('(excluding CITY OF BAGUIO) ', footnotes)).toBe('excluding CITY OF BAGUIO');
    expect(readNote('77/', footnotes)).toBe('77/');
  });
});
