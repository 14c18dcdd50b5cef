import { describe, expect, test } from 'vitest';
import { readTable } from './read-table.ts';
import { checkByteSize, MAX_BYTES, MAX_ROWS, TableError } from './table-error.ts';
import { refusal } from './test-support.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string, name = 'list.csv') => readTable({ name, bytes: utf8(text) });
const readBytes = (bytes: Uint8Array, name = 'list.csv') => readTable({ name, bytes });

describe('encodings', () => {
  test('reads UTF-8 as is', async () => {
    const table = await read('Barangay,City\nSto. Niño,Parañaque\n');
    expect(table.encoding).toBe('utf-8');
    expect(table.rows).toEqual([['Sto. Niño', 'Parañaque']]);
  });

  test('strips a UTF-8 BOM from the first header', async () => {
    const table = await readBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Address,City\n12 Rizal St,Marikina\n')]));
    expect(table.encoding).toBe('utf-8');
    expect(table.header).toEqual(['Address', 'City']);
  });

  test('reads bytes that are not UTF-8 as Windows-1252, where 0xD1 is Ñ', async () => {
    const table = await readBytes(new Uint8Array(Buffer.from('City,Province\nPARA\xd1AQUE,Metro Manila\n', 'latin1')));
    expect(table.encoding).toBe('windows-1252');
    expect(table.rows[0][0]).toBe('PARAÑAQUE');
  });

  test("reads Excel's Unicode text: UTF-16LE with a BOM, tab-separated", async () => {
    const bytes = new Uint8Array(Buffer.from('\ufeffName\tCity\nClinic A\tParañaque\n', 'utf16le'));
    const table = await readBytes(bytes, 'list.txt');
    expect(table).toMatchObject({ format: 'tsv', delimiter: '\t', header: ['Name', 'City'] });
    expect(table.rows).toEqual([['Clinic A', 'Parañaque']]);
  });

  test('reads UTF-16BE with a BOM', async () => {
    const le = Buffer.from('\ufeffName,City\nA,Parañaque\n', 'utf16le');
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
    expect((await readBytes(be)).rows).toEqual([['A', 'Parañaque']]);
  });
});

describe('separators', () => {
  test('reads commas, with quoted commas and line breaks inside cells', async () => {
    const table = await read(
      'Name,Address,City\n"Clinic A","12 Rizal St, Brgy. 1\nBldg 2",Marikina\nB,"5 Mabini, Ext",Taguig\n',
    );
    expect(table).toMatchObject({ format: 'csv', delimiter: ',' });
    expect(table.rows).toEqual([
      ['Clinic A', '12 Rizal St, Brgy. 1\nBldg 2', 'Marikina'],
      ['B', '5 Mabini, Ext', 'Taguig'],
    ]);
  });

  test("reads semicolons (Excel's CSV in European locales), even with commas in the cells", async () => {
    const table = await read('Name;Address;City\nA;"12 Rizal St, Brgy 1";Marikina\nB;5 Mabini St, Poblacion;Taguig\n');
    expect(table.delimiter).toBe(';');
    expect(table.rows[1]).toEqual(['B', '5 Mabini St, Poblacion', 'Taguig']);
  });

  test('reads semicolons where papaparse would guess a comma', async () => {
    const table = await read('a;b\n"12, x";c\n');
    expect(table.delimiter).toBe(';');
    expect(table.rows).toEqual([['12, x', 'c']]);
  });

  test('reads tabs, with commas in the cells', async () => {
    const table = await read('Name\tAddress\nA\t12 Rizal St, Marikina\nB\t"5 Mabini\tSt, Taguig"\n', 'list.tsv');
    expect(table).toMatchObject({ format: 'tsv', delimiter: '\t' });
    expect(table.rows).toEqual([
      ['A', '12 Rizal St, Marikina'],
      ['B', '5 Mabini\tSt, Taguig'],
    ]);
  });

  test('reads pipes', async () => {
    const table = await read('Name|Address|City\nA|12 Rizal St, Brgy 1|Marikina\n');
    expect(table.delimiter).toBe('|');
    expect(table.rows).toEqual([['A', '12 Rizal St, Brgy 1', 'Marikina']]);
  });

  test('reads a one-column list of addresses whose commas are not quoted as one column', async () => {
    const table = await read('Address\n12 Rizal St, Marikina\n5 Mabini St, Poblacion, Taguig\n');
    expect(table.header).toEqual(['Address']);
    expect(table.rows).toEqual([['12 Rizal St, Marikina'], ['5 Mabini St, Poblacion, Taguig']]);
  });

  test('reads a one-column CSV as Excel writes it, quoting the cells with commas', async () => {
    const table = await read('Address\r\n"12 Rizal St, Marikina"\r\nPoblacion\r\n');
    expect(table).toMatchObject({ format: 'csv', delimiter: ',', header: ['Address'] });
    expect(table.rows).toEqual([['12 Rizal St, Marikina'], ['Poblacion']]);
  });
});

describe('the header row', () => {
  test('is read as a header when its cells name the columns', async () => {
    const table = await read('Pangalan,Tirahan,Lalawigan\nJuan,12 Rizal St,Rizal\n');
    expect(table.headerDetected).toBe(true);
    expect(table.header).toEqual(['Pangalan', 'Tirahan', 'Lalawigan']);
  });

  test('is read as a header when the rows below have digits where it has words', async () => {
    const table = await read('Clinic,Where\nA,12 Rizal St\nB,5 Mabini St\n');
    expect(table.headerDetected).toBe(true);
  });

  test('is missing when the first row is like the rows below: columns are numbered, the row is kept', async () => {
    const table = await read('Clinic A,12 Rizal St,Marikina\nClinic B,5 Mabini St,Taguig\n');
    expect(table.headerDetected).toBe(false);
    expect(table.header).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(table.rows).toEqual([
      ['Clinic A', '12 Rizal St', 'Marikina'],
      ['Clinic B', '5 Mabini St', 'Taguig'],
    ]);
  });

  test('is missing when the first row has a number', async () => {
    const table = await read('101,Clinic A,Marikina\n102,Clinic B,Taguig\n');
    expect(table.headerDetected).toBe(false);
    expect(table.rows).toHaveLength(2);
  });

  test('names its blank cells "Column N"', async () => {
    const table = await read('Name,,City\nA,x,Marikina\n');
    expect(table.header).toEqual(['Name', 'Column 2', 'City']);
  });

  test('is the first row that is not empty', async () => {
    const table = await read('\n\n,,\nName,City\nA,Marikina\n');
    expect(table.header).toEqual(['Name', 'City']);
    expect(table.rows).toEqual([['A', 'Marikina']]);
  });
});

describe('rows', () => {
  test('are padded to the header, and a longer row extends the header instead of losing cells', async () => {
    const table = await read('Name,Barangay,City\nA,San Roque\nB,Bagong Silang,Caloocan,call first\n');
    expect(table.header).toEqual(['Name', 'Barangay', 'City', 'Column 4']);
    expect(table.rows).toEqual([
      ['A', 'San Roque', '', ''],
      ['B', 'Bagong Silang', 'Caloocan', 'call first'],
    ]);
  });

  test('lose trailing empty cells beyond the last filled column', async () => {
    const table = await read('Name,City,,\nA,Marikina,,\n');
    expect(table.header).toEqual(['Name', 'City']);
    expect(table.rows).toEqual([['A', 'Marikina']]);
  });

  test('are trimmed cell by cell, and only at the ends', async () => {
    const table = await read('  Name , City \n  A  ,  Quezon   City  \n');
    expect(table.header).toEqual(['Name', 'City']);
    expect(table.rows).toEqual([['A', 'Quezon   City']]);
  });

  test('that are empty are dropped wherever they are; a row with any cell filled stays', async () => {
    const table = await read('Name,Address\n\n,\nA,12 Rizal St\n , \nB,\n\n');
    expect(table.rows).toEqual([
      ['A', '12 Rizal St'],
      ['B', ''],
    ]);
  });
});

describe('files refused', () => {
  test('an empty file, or one of whitespace or empty cells only', async () => {
    for (const text of ['', '  \r\n\n\t ', ',,,\n,,\n\n']) {
      const error = await refusal(read(text));
      expect(error).toMatchObject({ reason: 'empty', message: 'The file is empty.' });
    }
  });

  test('a header without rows', async () => {
    const error = await refusal(read('Name,Address,City\n\n'));
    expect(error).toMatchObject({ reason: 'header-only', message: 'The file has a header but no rows.' });
  });

  test('a quoted cell that is never closed', async () => {
    const error = await refusal(read('Name,Address\nA,"12 Rizal St\nB,5 Mabini St\n'));
    expect(error.reason).toBe('bad-quotes');
    expect(error.message).toContain('12 Rizal St');
  });

  test('running text with no separator', async () => {
    const line = 'This letter asks the barangay to list the families who live along the river '.repeat(5);
    const error = await refusal(read(`${line}\n${line}\n${line}\n`, 'letter.txt'));
    expect(error.reason).toBe('not-a-table');
  });

  test('text full of control characters', async () => {
    const bytes = new Uint8Array(2000).map((_, i) => (i % 7 === 0 ? 0x10 : 0x41 + (i % 26)));
    expect((await refusal(readBytes(bytes, 'data.bin'))).reason).toBe('not-a-table');
  });

  test('NUL bytes in the first 8 KB', async () => {
    const error = await refusal(readBytes(new Uint8Array([...utf8('Name,City\nA,B'), 0, 1, 2])));
    expect(error.reason).toBe('not-text');
    expect(error.message).toContain('binary');
  });

  test('a password-protected workbook or an old .xls (an OLE2 container)', async () => {
    const cfb = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    const error = await refusal(readBytes(cfb, 'list.xlsx'));
    expect(error.reason).toBe('encrypted-or-xls');
    expect(error.message).toContain('password-protected or an old Excel 97–2003 .xls');
  });

  test('a PDF and a PNG, saying what they look like', async () => {
    const pdf = await refusal(readBytes(utf8('%PDF-1.7\nName,City\n'), 'list.csv'));
    expect(pdf).toMatchObject({ reason: 'not-text' });
    expect(pdf.message).toMatch(/^The file is not a text table: it looks like a PDF document\./);
    const png = await refusal(readBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'map.csv'));
    expect(png.message).toContain('a PNG image');
  });
});

describe('limits', () => {
  const rowsOf = (n: number) => `Name,City\n${'Clinic,Marikina\n'.repeat(n)}`;

  // Two million rows held take a few seconds on a shared machine.
  test(`reads ${MAX_ROWS.toLocaleString('en-US')} rows`, { timeout: 30_000 }, async () => {
    expect((await read(rowsOf(MAX_ROWS))).rows).toHaveLength(MAX_ROWS);
  });

  test('refuses one row more, counting every row of the file', { timeout: 30_000 }, async () => {
    const error = await refusal(read(rowsOf(MAX_ROWS + 1234)));
    expect(error).toMatchObject({
      reason: 'too-many-rows',
      message: 'The file has 2,001,234 rows; Kapuluan matches at most 2,000,000 rows at a time. Split the file.',
    });
  });

  test('refuses a file over the size limit by its size, before reading it', () => {
    expect(() => checkByteSize(MAX_BYTES)).not.toThrow();
    let error: unknown;
    try {
      checkByteSize(MAX_BYTES + 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TableError);
    expect(error).toMatchObject({ reason: 'too-large' });
    expect((error as TableError).message).toBe(
      'The file is 1 GB; Kapuluan reads files of at most 1 GB. Split the file.',
    );
  });
});
