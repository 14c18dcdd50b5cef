/**
 * A records file with a bad entry stops the server's start with a message naming the entry, rather than a
 * server whose region endpoints all answer 500 and whose next create would write over the file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { fileStore } from './disk.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BAD = JSON.stringify({ version: 1, regions: [null], provinces: [] });

describe('a records file with a bad entry', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-records-file-'));
  const file = path.join(dir, 'records.json');
  fs.writeFileSync(file, BAD);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('is refused on load, naming the file and the entry, and left as it was', async () => {
    await expect(fileStore(file).load()).rejects.toThrow(
      `Cannot read the created records in ${file}: regions[0] is null`,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(BAD);
  });

  test('makes npm run api exit non-zero with that message, before it listens', async () => {
    // what `npm run api` runs, with the test's data folder and a free port
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, RECORDS_FILE: file, PORT: '0', HOST: '127.0.0.1', API_KEYS: 'records-file-key' },
      timeout: 60_000,
    });
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure, 'the server started').toBeDefined();
    expect(failure!.code).toBe(1);
    expect(failure!.stderr).toContain(`Not started: Cannot read the created records in ${file}: regions[0] is null`);
    expect(failure!.stdout).not.toContain('/v1 service at');
    expect(fs.readFileSync(file, 'utf8')).toBe(BAD);
  });
});
