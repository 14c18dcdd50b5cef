/**
 * A full disk under the database is a write that cannot be stored now, as an outage is: the store throws
 * StoreUnavailable, which the service answers 503 `unavailable` with Retry-After (store-unavailable.test.ts), not
 * a 500; once there is room again, writes go through. On a real full filesystem: a small tmpfs, which needs root.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreUnavailable } from '../../service/store.ts';
import { freshPglite, migrated, type TestDatabase } from '../../test/databases.ts';
import { databaseStore } from './database-store.ts';

/** A tmpfs of `size` mounted on a new folder, or null where this process may not mount one. */
function smallDisk(size: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const FULL_DISK = { stringId: 'region-ful', name: 'Full Disk', code: 'FUL', createdAt: new Date().toISOString() };
const disk = smallDisk('64m');
if (!disk) console.warn('[tests] cannot mount a tmpfs here (root needed): the full-disk case is skipped');

describe.skipIf(!disk)('a full disk under PGlite', () => {
  let db: TestDatabase;
  beforeAll(() => {
    db = freshPglite(disk!);
  });
  afterAll(async () => {
    await db?.drop();
    execFileSync('umount', ['-l', disk!]);
    fs.rmSync(disk!, { recursive: true, force: true });
  });

  test('a write is StoreUnavailable, with a time to come back, and goes through once there is room', async () => {
    const store = databaseStore(await migrated(db));
    const filler = path.join(disk!, 'filler');
    // Every byte left taken: the write stops at ENOSPC.
    expect(() => fs.writeFileSync(filler, Buffer.alloc(128 * 1024 * 1024))).toThrow(/ENOSPC/);
    const refused = await store.addRegion(FULL_DISK).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailable);
    expect((refused as StoreUnavailable).retryAfterSeconds).toBeGreaterThan(0);
    fs.rmSync(filler);
    const stored = await store.addRegion(FULL_DISK);
    expect(stored).toMatchObject({ code: 'FUL', name: 'Full Disk' });
    expect((await store.load()).regions.map((r) => r.code)).toEqual(['FUL']);
  });
});
