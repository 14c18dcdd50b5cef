/**
 * The XLSX export on a million rows: our streaming writer (matching/export-xlsx.ts, fflate) beside exceljs's
 * streaming WorkbookWriter (what npm run match used before), in the same run, each in its own process so its
 * peak memory is its own. Prints figures; asserts nothing.
 *
 *   node --import tsx scripts/bench-xlsx-export.ts            # ROWS=1000000 by default
 *   ROWS=100000 WRITERS=ours,exceljs,csv node --import tsx scripts/bench-xlsx-export.ts
 *
 * The rows: the Department of Health registry's 308 real addresses in e2e/data/ (3 columns), matched once by
 * npm run match, so each row has the 18 columns and the values a real export has; repeated to ROWS. They are
 * made a batch of 500 at a time (npm run match's batch), so the figures are the writer's, not the input's. For
 * each writer: wall time, the process's peak resident memory (maxRSS), the largest V8 heap seen, the file's size.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { streamSink } from '../src/cli/match-output.ts';
import { csvWriter, type OutRow, xlsxWriter } from '../src/matching/export-stream.ts';
import { XLSX_FORMATS } from '../src/matching/export-xlsx.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = 500;
const [, , mode, matchedCsv, out] = process.argv;

if (mode === 'one') await runOne(process.env.WRITER ?? 'ours', matchedCsv, out);
else await main();

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-bench-xlsx-'));
  try {
    const matched = path.join(dir, 'matched.csv');
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/match.ts', 'e2e/data/health-facilities.csv', '--out', matched, '--threads', '2'],
      { cwd: root, env: { ...process.env, INIT_CWD: root }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    console.log(
      `${ROWS.toLocaleString('en-US')} rows of 18 columns; ${os.availableParallelism()} cores; node ${process.version}`,
    );
    for (const writer of (process.env.WRITERS ?? 'ours,exceljs').split(',')) {
      const file = path.join(dir, `out-${writer}.${writer === 'csv' ? 'csv' : 'xlsx'}`);
      const report = await child(writer, matched, file);
      console.log(report.trim());
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function child(writer: string, matched: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'one', matched, file], {
      cwd: root,
      env: { ...process.env, WRITER: writer },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    run.stdout.on('data', (chunk) => {
      text += chunk;
    });
    run.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`${writer} exited ${code}`))));
  });
}

async function runOne(writer: string, matched: string, file: string) {
  const [header, ...base] = Papa.parse<string[]>(fs.readFileSync(matched, 'utf8').replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  const firstAdded = header.indexOf('psgc_code');
  const rows: OutRow[] = base.map((cells) => ({ cells, outcome: null }));
  let heapPeak = 0;
  const batches = async function* () {
    for (let start = 0; start < ROWS; start += BATCH) {
      const batch: OutRow[] = [];
      for (let i = start; i < Math.min(ROWS, start + BATCH); i++) {
        const { cells } = rows[i % rows.length];
        batch.push({ cells: [`${i}-${cells[0]}`, ...cells.slice(1)], outcome: null });
      }
      if ((start / BATCH) % 100 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      yield batch;
    }
  };
  const started = performance.now();
  if (writer === 'exceljs') await viaExceljs(file, header, firstAdded, batches());
  else {
    const sink = streamSink(fs.createWriteStream(file));
    const write = writer === 'csv' ? csvWriter(sink, header) : xlsxWriter(sink, header, firstAdded);
    for await (const batch of batches()) await write.write(batch);
    await write.end();
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const rss = process.resourceUsage().maxRSS * 1024;
  console.log(
    `${writer.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s  peak RSS ${mb(rss).padStart(7)}  ` +
      `peak heap ${mb(heapPeak).padStart(7)}  file ${mb(fs.statSync(file).size)}`,
  );
}

/** npm run match's XLSX before: exceljs's streaming writer, a row committed at a time, per-cell number formats. */
async function viaExceljs(file: string, header: string[], firstAdded: number, batches: AsyncIterable<OutRow[]>) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Matched', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const top = sheet.addRow(header);
  top.font = { bold: true };
  top.commit();
  for await (const batch of batches) {
    for (const { cells } of batch) {
      const values = cells.map((cell, i) => (cell === '' ? null : XLSX_FORMATS[i - firstAdded] ? Number(cell) : cell));
      const row = sheet.addRow(values);
      XLSX_FORMATS.forEach((format, i) => {
        if (format && cells[firstAdded + i] !== '') row.getCell(firstAdded + i + 1).numFmt = format;
      });
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
