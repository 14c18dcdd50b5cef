import { TableError } from './table-error.ts';

/**
 * What a file is, by its first bytes rather than its name (names lie: a CSV saved as .xls, a workbook without an
 * extension), and how its text is encoded.
 */

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 / Compound File Binary: old .xls, and also every password-protected OOXML file (MS-OFFCRYPTO §2.1). */
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const BINARY_MAGIC: { magic: number[]; looksLike: string }[] = [
  { magic: ascii('%PDF'), looksLike: 'a PDF document' },
  { magic: [0x89, 0x50, 0x4e, 0x47], looksLike: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], looksLike: 'a JPEG image' },
  { magic: ascii('GIF8'), looksLike: 'a GIF image' },
  { magic: [0x1f, 0x8b], looksLike: 'a gzip archive' },
  { magic: ascii('Rar!'), looksLike: 'a RAR archive' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], looksLike: 'a 7-Zip archive' },
];

/** Whether `needle` occurs in the bytes: zip entry names are stored as plain bytes in the headers. */
function contains(bytes: Uint8Array, needle: string): boolean {
  const n = ascii(needle);
  const last = bytes.length - n.length;
  for (let i = bytes.indexOf(n[0]); i !== -1 && i <= last; i = bytes.indexOf(n[0], i + 1)) {
    if (startsWith(bytes, n, i)) return true;
  }
  return false;
}

const notText = (looksLike: string) =>
  new TableError(
    'not-text',
    `The file is not a text table: it looks like ${looksLike}. Save the table as CSV or as an Excel .xlsx workbook.`,
  );

export type FileKind = 'xlsx' | 'text';

/** XLSX, delimited text, or a TableError that says what the file seems to be instead. */
export function sniffKind(name: string, bytes: Uint8Array): FileKind {
  if (startsWith(bytes, CFB)) {
    throw new TableError(
      'encrypted-or-xls',
      'The file is password-protected or an old Excel 97–2003 .xls: save it as .xlsx without a password or as CSV.',
    );
  }
  if (startsWith(bytes, ZIP)) {
    // An ODS spreadsheet stores its type first, uncompressed (ODF 1.2 part 3, §3.3).
    if (contains(bytes.subarray(0, 200), 'opendocument.spreadsheet'))
      throw notText('an OpenDocument (.ods) spreadsheet');
    if (/\.xls[xm]$/i.test(name) || contains(bytes, 'xl/workbook.xml')) return 'xlsx';
    if (contains(bytes, 'word/document.xml')) throw notText('a Word document');
    throw notText('a ZIP archive');
  }
  for (const { magic, looksLike } of BINARY_MAGIC) {
    if (startsWith(bytes, magic)) throw notText(looksLike);
  }
  return 'text';
}

/** The encodings read. UTF-16 comes from Excel's "Unicode text" (UTF-16LE, with a BOM, tab-separated). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const BOMS: { bom: number[]; encoding: TextEncoding }[] = [
  { bom: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bom: [0xff, 0xfe], encoding: 'utf-16le' },
  { bom: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** How far to look for NUL bytes, the mark of a binary file that has no known magic. */
export const NUL_WINDOW = 8 * 1024;

/** Whether the bytes start a zip archive: an XLSX, or another kind that sniffKind can tell only from all of them. */
export const isZip = (bytes: Uint8Array) => startsWith(bytes, ZIP);

/**
 * How the text of a file that is not XLSX is encoded, from its first bytes (`head`, at least NUL_WINDOW of them
 * or all) and the rest of them (`rest`, read only when needed). A BOM decides; without one, strict UTF-8 over the
 * whole file, and at its first invalid byte Windows-1252 (what Excel on Windows writes for "CSV", and where Ñ is
 * the single byte 0xD1). Deciding over the whole file before any row is parsed means no row is ever read in the
 * wrong encoding and taken back.
 */
export async function detectEncoding(head: Uint8Array, rest: AsyncIterable<Uint8Array>): Promise<TextEncoding> {
  for (const { bom, encoding } of BOMS) {
    if (startsWith(head, bom)) return encoding;
  }
  if (head.subarray(0, NUL_WINDOW).includes(0)) throw notText('a binary file (it has NUL bytes)');
  const strict = new TextDecoder('utf-8', { fatal: true });
  const isUtf8 = (bytes?: Uint8Array) => {
    try {
      // The text is dropped: only whether it decodes matters here.
      strict.decode(bytes, { stream: bytes !== undefined });
      return true;
    } catch {
      return false;
    }
  };
  if (!isUtf8(head)) return 'windows-1252';
  for await (const chunk of rest) if (!isUtf8(chunk)) return 'windows-1252';
  return isUtf8() ? 'utf-8' : 'windows-1252';
}
