import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { matchAddresses } from '../../api/geocode.ts';
import { type CodeIndex, dataPaths, type OldCodes, type SplitBarangay } from '../../dataset/types.ts';
import { serviceServer } from '../../test/service-server.ts';
import { CodeBook } from './code-book.ts';
import { joinByCode, joinByNames } from './join.ts';
import { guessKey } from './keys.ts';
import { reportOf } from './report.ts';

/** The code list built (public/data, or $KAPULUAN_DATA_DIR), as the page reads it. */
const dir = process.env.KAPULUAN_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../public/data');
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as T;
const book = new CodeBook(
  read<CodeIndex>(dataPaths.codes),
  read<OldCodes>(dataPaths.oldCodes),
  read<SplitBarangay[]>(dataPaths.splits),
);

const codeOf = (cell: string, nine: 'correspondence' | 'psgc-lost-zero' = 'correspondence') => {
  const found = book.lookUp(cell, nine);
  return found.kind === 'found' ? found.unit.code : found.kind;
};

describe('a code as tables write it', () => {
  test('the 10-digit PSGC code, the 9-digit correspondence code, OCHA’s P-code and a spreadsheet’s number', () => {
    // Adams, Ilocos Norte.
    expect(codeOf('0102801000')).toBe('0102801000');
    expect(codeOf('012801000')).toBe('0102801000');
    expect(codeOf('PH012801000')).toBe('0102801000');
    expect(codeOf(' 01-28-01-000 ')).toBe('0102801000');
    // A code saved as a number: the 10 digits without their leading zero, or the correspondence code's 8.
    expect(codeOf('102801000', 'psgc-lost-zero')).toBe('0102801000');
    expect(codeOf('12801000')).toBe('0102801000');
    expect(codeOf('102801000.0', 'psgc-lost-zero')).toBe('0102801000');
    // A city whose correspondence code is not its 10 digits' short form: Iloilo City, 063022000.
    expect(codeOf('063022000')).toBe('0631000000');
  });

  test('an older list’s code reaches the same place under its code now, and says so', () => {
    // Sulu's barangays, recoded when Sulu moved to Region IX (4Q 2023, 4Q 2024 → 2Q 2025).
    const found = book.lookUp('1906601001', 'correspondence');
    expect(found).toMatchObject({ kind: 'found', via: 'old', unit: { code: '0906601001', level: 'Bgy' } });
    if (found.kind === 'found') expect(found.note).toMatch(/1906601001 \(4Q 2023, 4Q 2024\) is now 0906601001/);
  });

  test('a blank, text, a code no list has, and a barangay split since are each said', () => {
    expect(book.lookUp('', 'correspondence').kind).toBe('empty');
    expect(book.lookUp('Adams', 'correspondence').kind).toBe('not-a-code');
    // Bacolod's 2015 P-code, of the Negros Island Region of 2015–2017, which no list since has.
    expect(book.lookUp('PH184501000', 'correspondence').kind).toBe('unknown');
    const split = book.lookUp('1380100176', 'correspondence');
    expect(split.kind).toBe('split');
    expect(joinByCode([['1380100176']], 0, 'correspondence', book)[0]).toMatchObject({
      kind: 'missing',
      reason: expect.stringMatching(/was split in 4Q 2024 into Barangay 176-A.*give the parts' own codes/),
    });
  });
});

describe('which column names the places', () => {
  test('a column of codes, whatever its header, in the form that finds more places', () => {
    const rows = [
      ['102801000', '5'],
      ['102802000', '7'],
      ['105501000', '9'],
    ];
    // Read as correspondence codes these are nothing; as 10-digit codes that lost their zero, three towns.
    expect(guessKey(['Town', 'Value'], rows, book)).toEqual({ kind: 'code', column: 0, nine: 'psgc-lost-zero' });
    expect(
      guessKey(
        ['Value', 'PSGC'],
        rows.map(([a, b]) => [b, a]),
        book,
      ),
    ).toMatchObject({ column: 1 });
  });

  test('else the columns of names, as "Match a file" reads them', () => {
    const key = guessKey(['Province', 'City/Municipality', 'Poverty'], [['Cebu', 'Sto. Niño', '12.5%']], book);
    expect(key).toEqual({ kind: 'names', columns: { province: 0, town: 1 } });
  });

  test('and none in a table of figures alone', () => {
    expect(guessKey(['Year', 'Total'], [['2015', '1234']], book)).toBeNull();
  });
});

describe('the join report', () => {
  const rows = [
    ['PH012801000', '1'], // Adams
    ['012802000', '2'], // Bacarra
    ['0102802000', '3'], // Bacarra again
    ['0102801001', '4'], // a barangay of Adams
    ['PH184501000', '5'], // no list has it
    ['', '6'],
    ['0102800000', '7'], // Ilocos Norte
  ];
  const report = reportOf(joinByCode(rows, 0, 'correspondence', book));

  test('puts every row in one class, so the counts add up to the rows', () => {
    expect(report.level).toBe('town');
    expect([...report.rowOf]).toEqual([
      ['0102801000', 0],
      ['0102802000', 1],
    ]);
    expect(report.duplicates).toEqual([{ row: 2, first: 1, code: '0102802000' }]);
    expect(report.otherLevel).toEqual([
      { row: 3, code: '0102801001', level: 'barangay' },
      { row: 6, code: '0102800000', level: 'province' },
    ]);
    expect(report.notJoined.map((r) => r.row)).toEqual([4, 5]);
    expect(report.notJoined[1].reason).toBe('No code in the row.');
    const classed = report.rowOf.size + report.duplicates.length + report.otherLevel.length + report.notJoined.length;
    expect(classed).toBe(rows.length);
  });

  test('counts a city that stands apart as a province in a table of provinces, and as a city in one of towns', () => {
    // Pangasinan, La Union, and Dagupan City (a component city) beside Baguio (a highly urbanized city).
    const provinces = reportOf(joinByCode([['0105500000'], ['0103300000'], ['1430300000']], 0, 'correspondence', book));
    expect(provinces.level).toBe('province');
    expect(provinces.rowOf.size).toBe(3);
    const towns = reportOf(joinByCode([['0105518000'], ['0105501000'], ['1430300000']], 0, 'correspondence', book));
    expect(towns.level).toBe('town');
    expect(towns.rowOf.size).toBe(3);
  });
});

describe('rows named, not coded', () => {
  serviceServer();

  test('are joined by the geocoder’s batch, a town in its province; an ambiguous or unknown name is said', async () => {
    const columns = { town: 0, province: 1 };
    const rows = [
      ['City of Batac', 'Ilocos Norte'],
      ['Sto. Niño', 'Cagayan'],
      ['San Jose', ''],
      ['Nowhere Town', 'Atlantis'],
      ['', ''],
    ];
    const joins = await joinByNames(rows, columns, matchAddresses, book, { signal: new AbortController().signal });
    expect(joins[0]).toMatchObject({ kind: 'joined', unit: { code: '0102805000' } });
    expect(joins[1]).toMatchObject({ kind: 'joined', unit: { code: '0201526000' } });
    expect(joins[2]).toMatchObject({
      kind: 'missing',
      reason: expect.stringMatching(/could be .* or .*add the province/),
    });
    expect(joins[3]).toMatchObject({ kind: 'missing' });
    expect(joins[4]).toEqual({ kind: 'missing', reason: 'No name in the row.' });
  });

  test('read a row’s region only where it gives no province: a table’s region names go stale', async () => {
    // Bago City in 2015, when Negros Occidental was in Region VI; it is in the Negros Island Region now.
    const columns = { region: 0, province: 1, town: 2 };
    const rows = [
      ['Region VI (Western Visayas)', 'Negros Occidental', 'City of Bago'],
      ['National Capital Region (NCR)', '', 'City of San Juan'],
    ];
    const sent: string[] = [];
    const joins = await joinByNames(
      rows,
      columns,
      (addresses, signal) => {
        sent.push(...addresses);
        return matchAddresses(addresses, signal);
      },
      book,
      { signal: new AbortController().signal },
    );
    expect(sent).toEqual(['City of Bago, Negros Occidental', 'City of San Juan, National Capital Region (NCR)']);
    expect(joins[0]).toMatchObject({ kind: 'joined', unit: { code: '1804502000' } });
  });
});
