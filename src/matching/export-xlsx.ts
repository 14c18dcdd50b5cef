/**
 * The XLSX export as a stream: SpreadsheetML written by hand into a ZIP that fflate deflates as it goes, so a
 * million rows cost a batch of memory, not a workbook (exceljs's streaming writer is Node-only, and its
 * in-memory one holds every cell as an object). One sheet, "Matched": a bold header row, frozen, with a filter;
 * text as inline strings (a PSGC code keeps its leading zero; no shared-string table to hold in memory), lat, lng
 * and confidence as numbers in XLSX_FORMATS, empty cells left out.
 *
 * The parts and their order: ECMA-376 Part 1 §18 (SpreadsheetML) and Part 2 (packaging); the sheet comes last so
 * every other part is written before the rows start.
 */
import { Zip, ZipDeflate } from 'fflate';
import { ADDED_COLUMNS, type AddedColumn, type OutRow } from './export-rows.ts';

/** Rows a sheet holds under its header: Excel's 1,048,576 (ECMA-376 §18.3.1.73, `r` at most 1048576) less one. */
export const XLSX_MAX_ROWS = 1_048_575;
/** Columns a sheet holds (XFD). */
const MAX_COLUMNS = 16_384;
/** Characters a cell holds (Excel's specification and limits); a longer text is cut there. */
const MAX_CELL_TEXT = 32_767;
/** A ZIP entry's sizes are 32-bit without ZIP64, which fflate does not write. */
const MAX_ENTRY_BYTES = 0xffff_ffff;
/**
 * Text gathered before it is encoded and deflated: few calls, and each short (256 K characters deflate in a few
 * milliseconds), as the deflate runs in the caller's task.
 */
const CHUNK_CHARS = 1 << 18;
/**
 * zlib's level. On 100,000 rows of 18 columns (scripts/bench-xlsx-export.ts) level 1 took 3.1 s and 14 MB, level
 * 3 4.1 s and 13 MB, level 6 (the default) 6.4 s and 12 MB: a sixth larger for half the wait.
 */
const DEFLATE_LEVEL = 1;

/** The export does not fit a workbook; the message says what to export instead. */
export class XlsxTooLarge extends Error {
  override name = 'XlsxTooLarge';
}

export const TOO_MANY_ROWS = 'Excel holds at most 1,048,575 rows under the header: export CSV or GeoJSON.';

/** The added columns a spreadsheet holds as numbers, shown with the decimals the CSV writes. */
const NUMBER_FORMAT: Partial<Record<AddedColumn, string>> = { lat: '0.000000', lng: '0.000000', confidence: '0.00' };
/** Each added column's number format, or undefined for text, in ADDED_COLUMNS order. */
export const XLSX_FORMATS = ADDED_COLUMNS.map((column) => NUMBER_FORMAT[column]);

const FORMATS = [...new Set(XLSX_FORMATS.filter((f) => f !== undefined))];
/** Cell styles (cellXfs): 0 plain, 1 the bold header, then one per number format, custom formats from id 164. */
const BOLD = 1;
const styleOf = (format: string) => 2 + FORMATS.indexOf(format);

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SHEET_NAME = 'Matched';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const XF = 'fillId="0" borderId="0" xfId="0"';
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="${FORMATS.length}">${FORMATS.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${f}"/>`).join('')}</numFmts><fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + FORMATS.length}"><xf numFmtId="0" fontId="0" ${XF}/><xf numFmtId="0" fontId="1" ${XF} applyFont="1"/>${FORMATS.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" ${XF} applyNumberFormat="1"/>`).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function workbook(filter: string | null): string {
  const names = filter
    ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${SHEET_NAME}!${filter}</definedName></definedNames>`
    : '';
  return `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${SHEET_NAME}" sheetId="1" r:id="rId1"/></sheets>${names}</workbook>`;
}

const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>`;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Characters XML 1.0 does not allow (§2.2), lone surrogates among them: dropped, as no reader could take them. */
const NOT_XML = /(?![\t\n\r\u007F-\u009F])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;
/**
 * What must be escaped: markup, CR (a parser would read a bare one as LF), and `_` before `xHHHH_`, which Excel
 * reads as an escaped character (ECMA-376 §22.9.2.19, ST_Xstring) unless its `_` is itself written `_x005F_`.
 */
const ESCAPE = /[&<>\r]|_(?=x[0-9A-Fa-f]{4}_)/g;
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;', _: '_x005F_' };
const NEEDS_WORK = /[&<>_\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

/** A text as an inline string's `<t>`: cleaned, cut to a cell's length, escaped, its edge spaces kept. */
function textElement(text: string): string {
  let clean = NEEDS_WORK.test(text) ? text.replace(NOT_XML, '') : text;
  if (clean.length > MAX_CELL_TEXT) clean = clean.slice(0, MAX_CELL_TEXT).replace(/[\uD800-\uDBFF]$/, '');
  if (NEEDS_WORK.test(clean)) clean = clean.replace(ESCAPE, (ch) => ESCAPED[ch]);
  return /^\s|\s$|\n/.test(clean) ? `<t xml:space="preserve">${clean}</t>` : `<t>${clean}</t>`;
}

const inlineString = (ref: string, text: string, style: number) =>
  `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is>${textElement(text)}</is></c>`;

/**
 * The XLSX export's bytes, emitted as the ZIP is made. `header` is exportHeader's, `firstAdded` the index of the
 * first added column. `rows` throws XlsxTooLarge, before taking any of the batch, past Excel's last row; a sheet
 * past 4 GB uncompressed throws it too.
 */
export function xlsxEncoder(header: readonly string[], firstAdded: number, emit: (part: Uint8Array) => void) {
  if (header.length > MAX_COLUMNS) {
    throw new XlsxTooLarge(`Excel holds at most ${MAX_COLUMNS} columns: export CSV or GeoJSON.`);
  }
  const zip = new Zip((error, data) => {
    if (error) throw error;
    emit(data);
  });
  const utf8 = new TextEncoder();
  const addWhole = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    zip.add(file);
    file.push(utf8.encode(text), true);
  };
  const letters = header.map((_, c) => columnName(c));
  const styles = header.map((_, c) => {
    const format = XLSX_FORMATS[c - firstAdded];
    return format ? styleOf(format) : 0;
  });
  const filter = header.length ? `$A$1:$${letters.at(-1)}$1` : null;

  addWhole('[Content_Types].xml', CONTENT_TYPES);
  addWhole('_rels/.rels', ROOT_RELS);
  addWhole('xl/workbook.xml', workbook(filter));
  addWhole('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  addWhole('xl/styles.xml', STYLES);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: DEFLATE_LEVEL });
  zip.add(sheet);

  let sheetBytes = 0;
  const push = (text: string, final = false) => {
    const bytes = utf8.encode(text);
    sheetBytes += bytes.length;
    if (sheetBytes > MAX_ENTRY_BYTES) {
      throw new XlsxTooLarge(
        'The sheet would pass 4 GB, more than an .xlsx written here holds: export CSV or GeoJSON.',
      );
    }
    sheet.push(bytes, final);
  };

  let pending = `${SHEET_HEAD}<row r="1" s="${BOLD}" customFormat="1">${header.map((name, c) => (name === '' ? `<c r="${letters[c]}1" s="${BOLD}"/>` : inlineString(`${letters[c]}1`, name, BOLD))).join('')}</row>`;
  let written = 0; // data rows
  return {
    rows(rows: readonly OutRow[]) {
      if (written + rows.length > XLSX_MAX_ROWS) throw new XlsxTooLarge(TOO_MANY_ROWS);
      for (const { cells } of rows) {
        const r = ++written + 1;
        let xml = `<row r="${r}">`;
        for (let c = 0; c < cells.length; c++) {
          const text = cells[c];
          if (text === '') continue;
          const ref = `${letters[c] ?? columnName(c)}${r}`;
          const style = styles[c];
          const value = style ? Number(text) : Number.NaN;
          xml += Number.isFinite(value) ? `<c r="${ref}" s="${style}"><v>${value}</v></c>` : inlineString(ref, text, 0);
        }
        pending += `${xml}</row>`;
        if (pending.length >= CHUNK_CHARS) {
          push(pending);
          pending = '';
        }
      }
    },
    end() {
      push(
        `${pending}</sheetData>${filter ? `<autoFilter ref="${filter.replaceAll('$', '')}"/>` : ''}</worksheet>`,
        true,
      );
      pending = '';
      zip.end();
    },
  };
}
