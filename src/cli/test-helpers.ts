/**
 * `npm run match` as a test runs it, and what the app matches for the same file through the service's batch
 * endpoint, for the command line's tests (src/cli/*.test.ts; the arrows of those apply to it, biome.json) to compare row for row.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { BATCH_GEOCODE_MAX, type BatchGeocodeResult } from '../contract/types.ts';
import { addressOf, guessColumns } from '../matching/columns.ts';
import { readTable } from '../matching/read-table.ts';
import type { SourceTable } from '../matching/types.ts';
import { api } from '../test/service-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run match -- …` as npm runs it (node with tsx, from the project's folder), without npm around it; `dir` is
 * the folder it is run from (INIT_CWD), where relative outputs go.
 */
export function matchCli(dir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/match.ts', ...args],
      { cwd: root, maxBuffer: 1 << 26, env: { ...process.env, INIT_CWD: dir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What the app matches for a file: its guessed columns' text, through the service's batch endpoint. */
export async function appResults(file: string): Promise<{ table: SourceTable; results: BatchGeocodeResult[] }> {
  const table = await readTable({ name: path.basename(file), bytes: fs.readFileSync(file) });
  const columns = guessColumns(table.header, table.rows);
  const addresses = table.rows.map((row) => addressOf(row, columns));
  const results: BatchGeocodeResult[] = [];
  for (let i = 0; i < addresses.length; i += BATCH_GEOCODE_MAX) {
    const answer = await api<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', {
      body: { addresses: addresses.slice(i, i + BATCH_GEOCODE_MAX) },
    });
    expect(answer.status).toBe(200);
    results.push(...answer.body.data);
  }
  return { table, results };
}
