import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { BATCH_ROWS, padRow, readTableStream, type StreamedFile, type StreamOptions } from './read-stream.ts';
import { type DroppedFile, readTable } from './read-table.ts';
import { BROWSER_LIMITS } from './table-error.ts';
import { refusal } from './test-support.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => new Uint8Array(fs.readFileSync(new URL(`../../e2e/data/${name}`, import.meta.url)));

/** The bytes as a file whose stream is cut at the given offsets (ascending). */
function cutAt(bytes: Uint8Array, cuts: number[], name = 'list.csv'): StreamedFile {
  return {
    name,
    size: bytes.byteLength,
    stream: () => {
      const ends = [...cuts, bytes.byteLength];
      let i = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i === ends.length) return controller.close();
          controller.enqueue(bytes.slice(i === 0 ? 0 : ends[i - 1], ends[i]));
          i++;
        },
      });
    },
  };
}

/** The bytes as a file streamed in chunks of `size`. */
const inChunksOf = (bytes: Uint8Array, size: number, name?: string) =>
  cutAt(
    bytes,
    Array.from({ length: Math.ceil(bytes.byteLength / size) - 1 }, (_, i) => (i + 1) * size),
    name,
  );

/** What readTableStream hands on, padded as a reader of the rows pads them, with its batches' sizes. */
async function streamed(file: StreamedFile, options?: StreamOptions) {
  const rows: string[][] = [];
  const batches: number[] = [];
  const meta = await readTableStream(
    file,
    async (batch) => {
      batches.push(batch.length);
      rows.push(...batch);
    },
    options,
  );
  return { meta, rows: rows.map((row) => padRow(row, meta.header.length)), batches };
}

/** Expects the streamed file to read as readTable reads its bytes whole. */
async function expectSameAsWhole(file: StreamedFile, whole: DroppedFile) {
  const table = await readTable(whole);
  const { meta, rows } = await streamed(file);
  expect(rows).toEqual(table.rows);
  const { rows: _, ...tableMeta } = table;
  expect(meta).toEqual({ ...tableMeta, rowCount: table.rows.length });
}

/** Line breaks in quoted cells (CRLF), escaped quotes, characters of two to four bytes, empty and ragged rows. */
const TRICKY =
  'Pangalan,Tirahan,Lungsod\r\n' +
  '"Klinika ""Ñ""","12 Rizal St,\r\nBrgy. Sto. Niño",Parañaque\r\n' +
  '\r\n , ,\r\n' +
  'Bahay 🏠,"5 Mabini St ""Ext""",Las Piñas,dagdag\r\n' +
  '"Ospital","Purok 2\r\n\r\nSitio Ñ" ,Taguig\r\n' +
  'Kainan,"",\r\n' +
  '"Tindahan ng Bayan","Lot 3, Blk 4",Quezon City';

describe('a stream cut anywhere reads as the whole file', () => {
  test.each([
    ['tricky UTF-8 with CRLF and quoted line breaks', utf8(TRICKY)],
    ['the same with a BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TRICKY)])],
    ['UTF-16LE with a BOM', new Uint8Array(Buffer.from(`\ufeff${TRICKY.replaceAll(',', '\t')}`, 'utf16le'))],
    ['Windows-1252', new Uint8Array(Buffer.from(TRICKY.replace('🏠', 'Ñ'), 'latin1'))],
    ['e2e/data/health-facilities-parts.csv', fixture('health-facilities-parts.csv')],
  ])('%s: cut in two at every byte', async (_, bytes) => {
    for (let cut = 1; cut < bytes.byteLength; cut++) {
      await expectSameAsWhole(cutAt(bytes, [cut]), { name: 'list.csv', bytes });
    }
  });

  test('e2e/data/health-facilities.csv (quoted cells, escaped quotes): in chunks of 1 to 300 bytes', async () => {
    const bytes = fixture('health-facilities.csv');
    for (let size = 1; size <= 300; size++) {
      await expectSameAsWhole(inChunksOf(bytes, size), { name: 'list.csv', bytes });
    }
  });

  test('the same with CRLF line breaks, cut at 300 random places', async () => {
    const bytes = utf8(new TextDecoder().decode(fixture('health-facilities.csv')).replaceAll('\n', '\r\n'));
    let seed = 33;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const cuts = Array.from({ length: 300 }, () => Math.floor(random() * bytes.byteLength))
      .filter((c) => c > 0)
      .sort((a, b) => a - b);
    await expectSameAsWhole(cutAt(bytes, [...new Set(cuts)]), { name: 'list.csv', bytes });
  });

  test('a file larger than the head read for the separator: the rows of one papaparse call over all of it', async () => {
    // 3 MB: past the 1 Mi characters the separator and line break are found on, in chunks that cut rows anywhere.
    const text = new TextDecoder().decode(fixture('health-facilities.csv')).replaceAll('\n', '\r\n');
    const [header, ...body] = text.split('\r\n');
    const bytes = utf8([header, ...Array.from({ length: 110 }, () => body.join('\r\n'))].join('\r\n'));
    const { meta, rows } = await streamed(inChunksOf(bytes, 7777));
    const oneCall = Papa.parse<string[]>(new TextDecoder().decode(bytes), { delimiter: ',' })
      .data.map((row) => row.map((cell) => cell.trim()))
      .filter((row) => row.some(Boolean));
    expect(meta).toMatchObject({ delimiter: ',', headerDetected: true, header: oneCall[0] });
    expect(rows).toEqual(oneCall.slice(1).map((row) => padRow(row, meta.header.length)));
    expect(rows.length).toBeGreaterThan(100_000 / 4);
  });

  test('hands the rows on in order, in batches of at most 500', async () => {
    const text = `Address,City\n${Array.from({ length: 1234 }, (_, i) => `${i} Rizal St,Marikina\n`).join('')}`;
    const { meta, rows, batches } = await streamed(inChunksOf(utf8(text), 1000));
    expect(batches).toEqual([BATCH_ROWS, BATCH_ROWS, 234]);
    expect(meta.rowCount).toBe(1234);
    expect(rows[1233]).toEqual(['1233 Rizal St', 'Marikina']);
  });
});

describe('encodings', () => {
  test('a file whose first byte that is not UTF-8 is far past the first chunk is read as Windows-1252', async () => {
    const rows = 'Barangay,City\n'.concat('San Roque,Marikina\n'.repeat(10_000));
    const bytes = new Uint8Array(Buffer.from(`${rows}Sto. Ni\xf1o,PARA\xd1AQUE\n`, 'latin1'));
    const { meta, rows: read } = await streamed(inChunksOf(bytes, 4096));
    expect(meta.encoding).toBe('windows-1252');
    expect(read.at(-1)).toEqual(['Sto. Niño', 'PARAÑAQUE']);
    expect(read).toHaveLength(10_001);
  });

  test('a character of UTF-8 cut between chunks is read whole, and the file stays UTF-8', async () => {
    const bytes = utf8('City\nParañaque\nLas Piñas\n');
    const inside = bytes.indexOf(0xc3) + 1;
    const { meta, rows } = await streamed(cutAt(bytes, [inside]));
    expect(meta.encoding).toBe('utf-8');
    expect(rows).toEqual([['Parañaque'], ['Las Piñas']]);
  });
});

/** A file of `rows` rows made as it is read, never held whole, that counts the chunks pulled. */
function madeAsRead(rows: number, line = (i: number) => `${i} Rizal St,Marikina\n`, header = 'Address,City\n') {
  const stats = { pulled: 0, cancelled: 0 };
  const perChunk = 1000;
  const file: StreamedFile = {
    name: 'big.csv',
    size: 0,
    stream: () => {
      let next = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (next >= rows) return controller.close();
          const end = Math.min(rows, next + perChunk);
          let text = next === 0 ? header : '';
          for (let i = next; i < end; i++) text += line(i);
          next = end;
          stats.pulled++;
          controller.enqueue(utf8(text));
        },
        cancel() {
          stats.cancelled++;
        },
      });
    },
  };
  return { file, stats };
}

describe('limits', () => {
  test('a file over the row limit is refused with its true count, handing on no row past the limit', async () => {
    const { file } = madeAsRead(100_000);
    let handed = 0;
    let largest = 0;
    const error = await refusal(
      readTableStream(
        file,
        (batch) => {
          handed += batch.length;
          largest = Math.max(largest, batch.length);
        },
        { limits: { ...BROWSER_LIMITS, maxRows: 10_000 } },
      ),
    );
    expect(error).toMatchObject({
      reason: 'too-many-rows',
      message: 'The file has 100,000 rows; Kapuluan matches at most 10,000 rows at a time. Split the file.',
    });
    expect(handed).toBeLessThanOrEqual(10_000);
    expect(largest).toBeLessThanOrEqual(BATCH_ROWS);
  });

  test('a workbook has its own byte limit, below that of text', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('List').addRows([['Address'], ['12 Rizal St, Marikina']]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const limits = { ...BROWSER_LIMITS, maxXlsxBytes: 1000 };
    const error = await refusal(readTableStream(inChunksOf(bytes, 1000, 'list.xlsx'), () => {}, { limits }));
    expect(error.reason).toBe('too-large');
    expect(error.message).toMatch(/^The workbook is .+; Kapuluan reads Excel workbooks of at most/);
    const text = utf8(`Address\n${'12 Rizal St\n'.repeat(200)}`);
    expect((await streamed(inChunksOf(text, 1000), { limits })).rows).toHaveLength(200);
  });

  test('a workbook is handed on in batches too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('List');
    sheet.addRow(['Name', 'Address']);
    for (let i = 0; i < 1200; i++) sheet.addRow([`Clinic ${i}`, `${i} Rizal St`]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { meta, rows, batches } = await streamed(inChunksOf(bytes, 4096, 'list.xlsx'));
    expect(meta).toMatchObject({ format: 'xlsx', header: ['Name', 'Address'], headerDetected: true, rowCount: 1200 });
    expect(batches).toEqual([500, 500, 200]);
    expect(rows[1199]).toEqual(['Clinic 1199', '1199 Rizal St']);
  });
});

describe('reading stops early', () => {
  test('at a quote never closed, without reading the rest of the file into the row', async () => {
    const { file, stats } = madeAsRead(2_000_000, (i) => (i === 5 ? 'A,"12 Rizal St\n' : `${i} Rizal St,Marikina\n`));
    const error = await refusal(readTableStream(file, () => {}));
    expect(error.reason).toBe('bad-quotes');
    expect(error.message).toContain('12 Rizal St');
    // Two whole passes would pull 4,000 chunks: the second stops once the row passes its longest (about 1,000).
    expect(stats.pulled).toBeLessThan(3500);
    expect(stats.cancelled).toBe(1);
  });

  test('when the signal aborts: the reason is thrown, the stream cancelled, and no batch follows', async () => {
    const { file, stats } = madeAsRead(100_000);
    const controller = new AbortController();
    let batches = 0;
    const reading = readTableStream(
      file,
      () => {
        batches++;
        if (batches === 3) controller.abort(new Error('the user went elsewhere'));
      },
      { signal: controller.signal },
    );
    await expect(reading).rejects.toThrow('the user went elsewhere');
    expect(batches).toBe(3);
    expect(stats.cancelled).toBe(1);
  });

  test('an aborted signal reads nothing', async () => {
    const { file, stats } = madeAsRead(10);
    await expect(readTableStream(file, () => {}, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(stats.pulled).toBe(0);
  });

  test('waits for each batch to be taken before reading on', async () => {
    const { file, stats } = madeAsRead(100_000);
    let calls = 0;
    let pulledBefore = 0;
    let pulledAfter = 0;
    await readTableStream(file, async () => {
      if (++calls > 1) return;
      pulledBefore = stats.pulled;
      await new Promise((resolve) => setTimeout(resolve, 50));
      pulledAfter = stats.pulled;
    });
    // At most the one chunk a ReadableStream keeps queued ahead.
    expect(pulledAfter - pulledBefore).toBeLessThanOrEqual(1);
    expect(stats.pulled).toBe(200);
  });

  test('reports the bytes read while it parses', async () => {
    const bytes = utf8(`Address\n${'12 Rizal St\n'.repeat(1000)}`);
    const seen: number[] = [];
    await readTableStream(inChunksOf(bytes, 1000), () => {}, { onProgress: (n) => seen.push(n) });
    expect(seen.at(-1)).toBe(bytes.byteLength);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
