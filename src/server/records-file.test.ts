/**
 * The records file `npm run api` kept before it had a database is imported once, ids and all, and left as it
 * was. A file with a bad entry stops the server's start with a message naming the entry, rather than a server
 * whose region endpoints all answer 500.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { freshPglite, migrated } from '../test/databases.ts';
import { databaseStore } from './db/database-store.ts';
import { importRecordsFile } from './db/import-records.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BAD = JSON.stringify({ version: 1, regions: [null], provinces: [] });

describe('a records file with a bad entry', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-records-file-'));
  const file = path.join(dir, 'records.json');
  fs.writeFileSync(file, BAD);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('is refused on import, naming the file and the entry, and left as it was', async () => {
    const db = freshPglite();
    try {
      const sql = await migrated(db);
      await expect(importRecordsFile(sql, file, 'test')).rejects.toThrow(
        `Cannot read the created records in ${file}: regions[0] is null`,
      );
      expect(await databaseStore(sql).load()).toEqual({ version: 1, regions: [], provinces: [] });
      expect(fs.readFileSync(file, 'utf8')).toBe(BAD);
    } finally {
      await db.drop();
    }
  });

  test('makes npm run api exit non-zero with that message, before it listens', async () => {
    // what `npm run api` runs, with the test's data folder and a free port
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        RECORDS_FILE: file,
        PGLITE_DIR: 'memory://',
        PORT: '0',
        HOST: '127.0.0.1',
        API_KEYS: 'records-file-key',
      },
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

describe('a records file from before the database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-records-import-'));
  const file = path.join(dir, 'records.json');
  const at = '2025-06-01T08:00:00.000Z';
  const kept = {
    version: 1,
    regions: [
      { numericId: 100, stringId: 'region-old', name: 'Old Region', code: 'OLD', createdAt: at },
      { numericId: 140, stringId: 'region-gap', name: 'After a gap', code: 'GAP', createdAt: at },
    ],
    provinces: [
      { numericId: 100007, id: '100007', name: 'Old Province', regionId: 'region-old', code: 'OLDP', createdAt: at },
    ],
  };
  const text = JSON.stringify(kept, null, 2);
  fs.writeFileSync(file, text);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('is imported once with its ids, new ids come after them, and the file is left as it was', async () => {
    const db = freshPglite();
    try {
      let sql = await migrated(db);
      expect(await importRecordsFile(sql, file, 'test')).toEqual({ state: 'imported', regions: 2, provinces: 1 });
      const store = databaseStore(sql);
      expect(await store.load()).toEqual(kept);
      const next = await store.addRegion({ stringId: 'region-new', name: 'New', code: 'NEW', createdAt: at });
      expect(next.numericId).toBe(141);
      const province = await store.addProvince({ name: 'New P', regionId: 'region-new', code: 'NEWP', createdAt: at });
      expect(province.id).toBe('100008');

      sql = await migrated(db); // a restart reads the same file again, and imports nothing
      expect(await importRecordsFile(sql, file, 'test')).toMatchObject({ state: 'imported before' });
      expect((await databaseStore(sql).load()).regions.map((r) => r.code)).toEqual(['OLD', 'GAP', 'NEW']);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    } finally {
      await db.drop();
    }
  });

  test('whose id or code is already taken in the database is refused whole, naming the entry', async () => {
    const db = freshPglite();
    try {
      const sql = await migrated(db);
      await databaseStore(sql).addRegion({ stringId: 'region-gap', name: 'Taken', code: 'GAP', createdAt: at });
      await expect(importRecordsFile(sql, file, 'test')).rejects.toThrow(
        `Cannot import the created records in ${file}: regions[0] (code OLD) has the id, code or name of another record`,
      );
      expect((await databaseStore(sql).load()).regions.map((r) => r.code)).toEqual(['GAP']);
    } finally {
      await db.drop();
    }
  });
});
