import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { checkProperty } from '../test/property.ts';
import { toCsv, toGeoJson, toXlsx } from './export.ts';
import { ADDED_COLUMNS, exportHeader, type MatchExport, outRows } from './export-rows.ts';
import {
  type ByteSink,
  csvWriter,
  geoJsonWriter,
  type OutRow,
  type RowWriter,
  XLSX_MAX_ROWS,
  XlsxTooLarge,
  xlsxWriter,
} from './export-stream.ts';
import { matched, resolvedPlace, unmatched } from './test-support.ts';
import type { RowOutcome } from './types.ts';

/** A sink that keeps every part, and notes whether a write began before the one before it had settled. */
function memorySink() {
  const parts: (string | Uint8Array)[] = [];
  let busy = false;
  let overlapped = false;
  let closed = 0;
  const sink: ByteSink = {
    async write(part) {
      if (busy) overlapped = true;
      busy = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
      parts.push(part);
      busy = false;
    },
    async close() {
      closed++;
    },
  };
  const bytes = () => {
    const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  };
  return { sink, parts, bytes, text: () => parts.join(''), overlapped: () => overlapped, closed: () => closed };
}

/** `rows` written in batches cut at `cuts` (positions, in any order), then ended. */
async function writeInBatches(writer: RowWriter, rows: readonly OutRow[], cuts: readonly number[]) {
  const ends = [...new Set(cuts.map((c) => c % (rows.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const end of [...ends, rows.length]) {
    await writer.write(rows.slice(from, Math.max(from, end)));
    from = Math.max(from, end);
  }
  await writer.end();
}

/** Cells people write, and the ones that trip writers: quotes, separators, breaks, formulas, XML, controls. */
const cell = fc.oneof(
  fc.constantFrom(
    '',
    '0917',
    'Parañaque',
    'Clinic "Sto. Niño"',
    'a,b',
    'x\r\ny',
    'line\nbreak',
    '\rcr',
    '=SUM(A1)',
    '-12.5',
    '@user',
    ' both ends ',
    '<b>&amp;</b>',
    '_x0041_',
    '_x00e9_ and _X0041_',
    'bell\u0007here',
    'lone \uD800 high',
    '😀 emoji',
    '\uFFFE',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

const outcome: fc.Arbitrary<RowOutcome | null> = fc.oneof(
  fc.constant(null),
  fc.constant(unmatched),
  fc
    .record({ lat: fc.double({ min: 4, max: 21, noNaN: true }), lng: fc.double({ min: 116, max: 127, noNaN: true }) })
    .map(({ lat, lng }) => matched(resolvedPlace({ lat, lng, confidence: 0.5 }))),
  fc.constant<RowOutcome>({
    status: 'ambiguous',
    match: resolvedPlace(),
    candidates: [resolvedPlace()],
    fixed: true,
  }),
);

const jobs: fc.Arbitrary<MatchExport> = fc
  .tuple(fc.array(cell, { minLength: 1, maxLength: 4 }), fc.nat(30))
  .chain(([header, count]) =>
    fc
      .record({
        rows: fc.array(fc.array(cell, { minLength: header.length, maxLength: header.length }), {
          minLength: count,
          maxLength: count,
        }),
        results: fc.array(outcome, { minLength: count, maxLength: count }),
      })
      .map(({ rows, results }) => ({
        table: { fileName: 'f.csv', format: 'csv' as const, encoding: 'utf-8', delimiter: ',', header, rows },
        results,
      })),
  );

const cuts = fc.array(fc.nat(40), { maxLength: 6 });

describe('CSV and GeoJSON written in parts', () => {
  test('are toCsv and toGeoJson byte for byte, whatever the batches', async () => {
    await checkProperty(
      'streamed CSV and GeoJSON equal the whole',
      fc.asyncProperty(jobs, cuts, async (job, at) => {
        const csv = memorySink();
        await writeInBatches(csvWriter(csv.sink, exportHeader(job.table)), outRows(job), at);
        expect(csv.text()).toBe(toCsv(job));
        const geo = memorySink();
        await writeInBatches(geoJsonWriter(geo.sink, job.table.header), outRows(job), at);
        expect(geo.text()).toBe(toGeoJson(job));
        expect([csv.closed(), geo.closed()]).toEqual([1, 1]);
      }),
      100,
    );
  });

  test('wait for the sink: a part is written only once the one before it is taken', async () => {
    const job: MatchExport = {
      table: {
        fileName: 'f.csv',
        format: 'csv',
        encoding: 'utf-8',
        delimiter: ',',
        header: ['a'],
        rows: [['1'], ['2']],
      },
      results: [matched(), null],
    };
    for (const make of [
      (s: ByteSink) => csvWriter(s, exportHeader(job.table)),
      (s: ByteSink) => geoJsonWriter(s, job.table.header),
      (s: ByteSink) => xlsxWriter(s, exportHeader(job.table), 1),
    ]) {
      const memory = memorySink();
      await writeInBatches(make(memory.sink), outRows(job), [1]);
      expect(memory.overlapped()).toBe(false);
      expect(memory.parts.length).toBeGreaterThan(1);
    }
  });
});

/**
 * A cell as Excel reads it, through exceljs: text (rich text joined) with its `_xHHHH_` escapes read (ECMA-376
 * §22.9.2.19; exceljs reads them in shared strings but not in inline ones), a number, or null.
 */
function cellValue(cell: ExcelJS.Cell): string | number | null {
  let value = cell.value;
  if (value && typeof value === 'object' && 'richText' in value) value = value.richText.map((r) => r.text).join('');
  if (typeof value !== 'string') return value as number | null;
  return value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** What a sheet keeps of a text: no character XML 1.0 forbids (lone surrogates among them). */
const kept = (text: string) => text.replace(/(?![\t\n\r\u007F-\u009F])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, '');

async function readBack(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

describe('XLSX written in parts', () => {
  test('reads back with every cell: text as written, lat/lng/confidence as formatted numbers, empty as blank', async () => {
    await checkProperty(
      'streamed XLSX reads back',
      fc.asyncProperty(jobs, cuts, async (job, at) => {
        const memory = memorySink();
        const header = exportHeader(job.table);
        const firstAdded = job.table.header.length;
        await writeInBatches(xlsxWriter(memory.sink, header, firstAdded), outRows(job), at);
        const workbook = await readBack(memory.bytes());
        expect(workbook.worksheets.map((s) => s.name)).toEqual(['Matched']);
        const sheet = workbook.worksheets[0];
        const numeric = new Set(
          ['lat', 'lng', 'confidence'].map((c) => firstAdded + ADDED_COLUMNS.indexOf(c as never)),
        );
        [header, ...outRows(job).map((r) => r.cells)].forEach((cells, r) => {
          const row = sheet.getRow(r + 1);
          cells.forEach((text, c) => {
            const cell = row.getCell(c + 1);
            const isNumber = r > 0 && numeric.has(c) && text !== '';
            const expected = text === '' || kept(text) === '' ? null : isNumber ? Number(text) : kept(text);
            expect(cellValue(cell), `row ${r + 1} column ${c + 1}: ${JSON.stringify(text)}`).toEqual(expected);
            if (isNumber)
              expect(cell.numFmt).toBe(ADDED_COLUMNS[c - firstAdded] === 'confidence' ? '0.00' : '0.000000');
          });
        });
        expect(sheet.rowCount).toBe(job.table.rows.length + 1 || 1);
      }),
      60,
    );
  });

  test('has a bold, frozen header row with a filter over its columns', async () => {
    const job: MatchExport = {
      table: { fileName: 'f.csv', format: 'csv', encoding: 'utf-8', delimiter: ',', header: ['name'], rows: [['A']] },
      results: [matched()],
    };
    const sheet = (await readBack(await toXlsx(job))).getWorksheet('Matched')!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.autoFilter).toBe('A1:R1'); // the file's one column and the 17 added
    expect(sheet.getRow(2).getCell(2).value).toBe('0730600041');
  });

  test('cuts a text at Excel’s 32,767 characters a cell, never through a surrogate pair', async () => {
    const long = `${'a'.repeat(32_766)}😀${'b'.repeat(10)}`;
    const job: MatchExport = {
      table: { fileName: 'f.csv', format: 'csv', encoding: 'utf-8', delimiter: ',', header: ['a'], rows: [[long]] },
      results: [null],
    };
    const value = (await readBack(await toXlsx(job))).worksheets[0].getRow(2).getCell(1).value;
    expect(value).toBe('a'.repeat(32_766));
  });

  test('refuses the row past Excel’s last, before writing any of its batch, and says what to export instead', async () => {
    const memory = memorySink();
    const writer = xlsxWriter(memory.sink, ['a'], 1);
    const empty: OutRow = { cells: [''], outcome: null };
    const batch = Array.from({ length: 100_000 }, () => empty);
    for (let written = 0; written < XLSX_MAX_ROWS; written += batch.length) {
      await writer.write(batch.slice(0, Math.min(batch.length, XLSX_MAX_ROWS - written)));
    }
    const refused = await writer.write([empty]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(XlsxTooLarge);
    expect((refused as Error).message).toBe(
      'Excel holds at most 1,048,575 rows under the header: export CSV or GeoJSON.',
    );
    await writer.end();
    const sheet = strFromU8(unzipSync(memory.bytes())['xl/worksheets/sheet1.xml']);
    expect(sheet.endsWith('<row r="1048576"></row></sheetData><autoFilter ref="A1:A1"/></worksheet>')).toBe(true);
  }, 60_000);
});
