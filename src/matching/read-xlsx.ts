// The default import works in both places: Node (vitest) loads exceljs's CommonJS main, and Vite bundles the
// "browser" field's dist/exceljs.min.js (a UMD build with its own Buffer and stream shims).
import ExcelJS from 'exceljs';
import { TableError } from './table-error.ts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Excel's dates are days without a zone; exceljs hands them over as UTC midnights. */
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${twoDigits(d.getUTCMonth() + 1)}-${twoDigits(d.getUTCDate())}`;

/**
 * A number as Excel shows it in a General cell: 0.1 + 0.2 stored as 0.30000000000000004 reads "0.3" (Excel keeps 15
 * significant digits). A format of zeros ("0000") keeps a ZIP code's leading zero.
 */
function numberText(n: number, numFmt: string | undefined): string {
  const text = Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
  return numFmt && /^0+$/.test(numFmt) ? text.padStart(numFmt.length, '0') : text;
}

/**
 * A cell's text: rich text joined, a formula's cached result (nothing when the file has none), a hyperlink's
 * text, an error as "" (it holds no address), booleans as Excel writes them.
 */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDate(value);
  if ('error' in value) return '';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null, numFmt);
  // A hyperlink's text may itself be rich text.
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue, numFmt);
  return '';
}

/**
 * The text of the cell as a table row sees it. A merged area's value stays in its first column only (a title
 * spread across the columns is one cell), but is repeated down the rows it spans (a province merged over its
 * towns belongs to each of them).
 */
function mergedCellText(cell: ExcelJS.Cell): string {
  const master = cell.master;
  if (master !== cell && master.col !== cell.col) return '';
  return cellText(master.value, master.numFmt);
}

/** The sheet read: the first visible one with data, else the first with data. */
function pickSheet(workbook: ExcelJS.Workbook): ExcelJS.Worksheet | undefined {
  const withData = workbook.worksheets.filter((ws) => ws.actualRowCount > 0);
  return withData.find((ws) => ws.state === 'visible') ?? withData[0];
}

const unreadable = () =>
  new TableError(
    'bad-xlsx',
    'The file could not be read as an Excel workbook: it may be damaged. Open it in Excel and save it again, or save it as CSV.',
  );

/**
 * The rows of the workbook's first sheet with data, each as its cells' text. The workbook is loaded whole
 * (exceljs holds it in memory, hence its own byte limit); its rows are made one at a time as they are taken.
 */
export async function readXlsx(bytes: Uint8Array): Promise<Iterable<string[]>> {
  const workbook = new ExcelJS.Workbook();
  try {
    // Typed as a Buffer, but exceljs hands it to JSZip, which takes a Uint8Array in Node and in the browser.
    await workbook.xlsx.load(bytes as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  } catch {
    throw unreadable();
  }
  // A zip without a workbook inside loads as a workbook without sheets.
  if (workbook.worksheets.length === 0) throw unreadable();
  const sheet = pickSheet(workbook);
  return sheet ? sheetRows(sheet) : [];
}

function* sheetRows(sheet: ExcelJS.Worksheet): Generator<string[]> {
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(mergedCellText(row.getCell(c)));
    yield cells;
  }
}
