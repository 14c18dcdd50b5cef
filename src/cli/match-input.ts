/**
 * The file `npm run match` reads, as a stream: never whole in memory, read twice through the app's
 * own reader (matching/read-stream.ts). The first pass keeps only the first rows, to guess the columns from, and
 * learns what the table is (its header, width and row count, known only at its end) or refuses it; the second
 * hands every row on, padded to that width, as it is read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { padRow, readTableStream, type StreamedFile, type TableMeta } from '../matching/read-stream.ts';
import { isZip } from '../matching/sniff.ts';
import { fileSize, type TableLimits } from '../matching/table-error.ts';

/**
 * No row cap (the browser stops at 2,000,000) and no byte cap on delimited text, which is streamed. A workbook
 * is read whole by exceljs, its sheet's XML inflated into strings (V8 caps one at 512 MB), on each pass: up to
 * 500 MB, checked here with a sentence of our own, since the reader's would name a cap for CSV files too.
 */
const MAX_XLSX_BYTES = 500 * 1024 * 1024;
const LIMITS: TableLimits = { maxRows: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };
/** Rows kept from the first pass: the column guess reads the first 200 (matching/columns.ts). */
const SAMPLE_ROWS = 500;

/** Something the user can fix, told in one line (exit 1). */
export class FileProblem extends Error {}

export interface Input {
  file: StreamedFile;
  meta: TableMeta;
  /** The first rows, as long as the header. */
  sample: string[][];
}

/** Opens the file and reads it once: what it is and its first rows; throws TableError or FileProblem. */
export async function openInput(input: string, name: string): Promise<Input> {
  const file = await openFile(input, name);
  const sample: string[][] = [];
  const meta = await unchanged(
    readTableStream(
      file,
      (rows) => {
        for (const row of rows) if (sample.length < SAMPLE_ROWS) sample.push(row);
      },
      { limits: LIMITS },
    ),
    name,
  );
  return { file, meta, sample: sample.map((row) => padRow(row, meta.header.length)) };
}

/** Reads the file again, handing on every row, padded to the header, in batches; each awaited before more is read. */
export async function readRows(
  { file, meta }: Input,
  name: string,
  onRows: (rows: string[][]) => Promise<void>,
): Promise<void> {
  const width = meta.header.length;
  await unchanged(
    readTableStream(file, (rows) => onRows(rows.map((row) => padRow(row, width))), { limits: LIMITS }),
    name,
  );
}

/** A read of the file, with the error of a file changed since it was opened told as such. */
async function unchanged<T>(reading: Promise<T>, name: string): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if ((error as Error | null)?.name !== 'NotReadableError') throw error;
    throw new FileProblem(`${name} changed while it was being read; match it again once it is written.`);
  }
}

async function openFile(input: string, name: string): Promise<StreamedFile> {
  try {
    const stat = fs.statSync(input);
    if (stat.isDirectory()) throw new FileProblem(`${name} is a folder; name a CSV, TSV or XLSX file.`);
    if (stat.size > MAX_XLSX_BYTES && isZip(await head(input))) {
      throw new FileProblem(
        `The workbook is ${fileSize(stat.size)}; npm run match reads Excel workbooks of at most ` +
          `${fileSize(MAX_XLSX_BYTES)}, and CSV files of any size. Save it as CSV.`,
      );
    }
    // A snapshot of the file: a stream of it fails, rather than reading other bytes, if the file changes.
    const blob = await fs.openAsBlob(input);
    return {
      name: path.basename(input),
      size: blob.size,
      // Node's web stream is the DOM's ReadableStream; only their declared types differ.
      stream: () => blob.stream() as unknown as ReadableStream<Uint8Array>,
    };
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FileProblem(`There is no file ${name}.`);
    if (code === 'EACCES') throw new FileProblem(`${name} cannot be read: permission denied.`);
    throw error;
  }
}

/** The file's first bytes, enough to tell a ZIP. */
async function head(input: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(input, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(8), 0, 8, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
