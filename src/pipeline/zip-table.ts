import ExcelJS from 'exceljs';
import { cellText } from './psgc.ts';

/** One row of PHLPost's ZIP table: a place under its province (or NCR city) header, and its ZIP code. */
export interface ZipRow {
  sheet: string;
  /** The row's number in the sheet, for the build report. */
  row: number;
  /** The header the row sits under: a province ("LAGUNA"), or in Metro Manila a city ("MAKATI CITY"). */
  header: string;
  name: string;
  zip: string;
}

/**
 * The workbook carries each island group twice: by place name (these four) and again sorted by ZIP under a short
 * name (MM, Luz, Vis, Min). The two copies hold the same rows; they differ in one spelling (Pinukpuk, Kalinga, is
 * "Pinukpok" in Luz), so one copy is read.
 */
export const ZIP_SHEETS = ['METRO MANILA', 'LUZON', 'VISAYAS', 'MINDANAO'];

/**
 * Reads PHLPost's ZIP table (released through FOI; ../shared/geodata/README.md). A row whose second cell is text
 * is a header: a region ("REGION 4A - CALABARZON"), a province ("LAGUNA"), or in Metro Manila a city ("MAKATI
 * CITY") and, under Caloocan, its halves ("NORTH", "SOUTH"). A row whose second cell is a four-digit number is a
 * place. Regions are not kept: provinces are named alike across the country.
 */
export async function readZipTable(file: string): Promise<{ rows: ZipRow[]; skipped: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: ZipRow[] = [];
  const skipped: string[] = [];
  for (const sheet of ZIP_SHEETS) {
    const ws = workbook.getWorksheet(sheet);
    if (!ws) throw new Error(`${file}: no sheet "${sheet}"`);
    let header = '';
    ws.eachRow((row, n) => {
      const name = cellText(row.getCell(1).value);
      const second = cellText(row.getCell(2).value);
      if (!name && !second) return;
      if (/^\d{4}$/.test(second)) {
        if (!header) skipped.push(`${sheet} row ${n}: "${name}" ${second} comes before any header`);
        else rows.push({ sheet, row: n, header, name, zip: second });
        return;
      }
      if (/nothing follows/i.test(name)) return;
      if (second && second === name) {
        if (!/^REGION\b/i.test(name) && !(sheet === 'METRO MANILA' && /^(NORTH|SOUTH)$/i.test(name))) header = name;
        return;
      }
      skipped.push(`${sheet} row ${n}: "${name}" "${second}" is neither a header nor a place with a ZIP`);
    });
  }
  return { rows, skipped };
}
