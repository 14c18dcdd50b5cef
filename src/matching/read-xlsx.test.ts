import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { readTable } from './read-table.ts';
import { refusal } from './test-support.ts';

async function xlsx(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('XLSX', () => {
  test('reads the cells of the first sheet with data as text', async () => {
    const bytes = await xlsx((workbook) => {
      workbook.addWorksheet('Notes');
      const sheet = workbook.addWorksheet('Clinics');
      sheet.addRow(['Name', 'Address', 'Beds', 'Opened', 'Staff', 'Note', 'City', 'Zip']);
      sheet.addRow(['Clinic Ñ', '12 Rizal St', 12, new Date(Date.UTC(2024, 0, 15)), null, null, 'PARAÑAQUE', 1700]);
      sheet.addRow([
        { richText: [{ text: 'Sto. ' }, { text: 'Niño', font: { bold: true } }] },
        { text: '5 Mabini St', hyperlink: 'https://example.org' },
        0.1 + 0.2,
        null,
        null,
        '   ',
        'Baguio',
        400,
      ]);
      sheet.getCell('E2').value = { formula: 'C2*2', result: 24 };
      sheet.getCell('E3').value = { formula: '1/0', result: { error: '#DIV/0!' } };
      sheet.getCell('H3').numFmt = '0000';
    });
    const table = await readTable({ name: 'clinics.xlsx', bytes });
    expect(table).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, headerDetected: true });
    expect(table.header).toEqual(['Name', 'Address', 'Beds', 'Opened', 'Staff', 'Note', 'City', 'Zip']);
    expect(table.rows).toEqual([
      ['Clinic Ñ', '12 Rizal St', '12', '2024-01-15', '24', '', 'PARAÑAQUE', '1700'],
      ['Sto. Niño', '5 Mabini St', '0.3', '', '', '', 'Baguio', '0400'],
    ]);
  });

  test('is known by its bytes, whatever its name', async () => {
    const bytes = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.addRow(['Barangay', 'City']);
      sheet.addRow(['San Roque', 'Marikina']);
    });
    const table = await readTable({ name: 'export', bytes });
    expect(table.format).toBe('xlsx');
    expect(table.rows).toEqual([['San Roque', 'Marikina']]);
  });

  test('skips a hidden sheet, and keeps a merged title in its first column but a merged name in each row', async () => {
    const bytes = await xlsx((workbook) => {
      const hidden = workbook.addWorksheet('Lookup', { state: 'hidden' });
      hidden.addRow(['Code', 'Meaning']);
      const sheet = workbook.addWorksheet('List');
      sheet.addRow(['Health facilities, 2024']);
      sheet.mergeCells('A1:C1');
      sheet.addRow(['Name', 'City', 'Province']);
      sheet.addRow(['Clinic A', 'Antipolo', 'Rizal']);
      sheet.addRow(['Clinic B', 'Cainta', null]);
      sheet.mergeCells('C3:C4');
    });
    const table = await readTable({ name: 'list.xlsx', bytes });
    expect(table.headerDetected).toBe(false);
    expect(table.rows).toEqual([
      ['Health facilities, 2024', '', ''],
      ['Name', 'City', 'Province'],
      ['Clinic A', 'Antipolo', 'Rizal'],
      ['Clinic B', 'Cainta', 'Rizal'],
    ]);
  });

  test('refuses a workbook without data as empty', async () => {
    const bytes = await xlsx((workbook) => workbook.addWorksheet('Sheet1'));
    expect((await refusal(readTable({ name: 'empty.xlsx', bytes }))).reason).toBe('empty');
  });

  test('refuses a damaged workbook', async () => {
    const bytes = await xlsx((workbook) => workbook.addWorksheet('Sheet1').addRow(['Address']));
    const error = await refusal(readTable({ name: 'list.xlsx', bytes: bytes.subarray(0, bytes.length / 2) }));
    expect(error.reason).toBe('bad-xlsx');
    expect(error.message).toContain('could not be read as an Excel workbook');
  });

  test('refuses a zip named .xlsx that holds no workbook', async () => {
    const bytes = zipSync({ 'readme.txt': new TextEncoder().encode('Name,City\n') });
    expect((await refusal(readTable({ name: 'list.xlsx', bytes }))).reason).toBe('bad-xlsx');
  });

  test('refuses another zip as not a text table', async () => {
    const bytes = zipSync({ 'list.csv': new TextEncoder().encode('Name,City\nA,B\n') });
    const error = await refusal(readTable({ name: 'list.zip', bytes }));
    expect(error.reason).toBe('not-text');
    expect(error.message).toContain('a ZIP archive');
  });
});
