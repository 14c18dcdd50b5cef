/**
 * Keys kept in the database: hashed, shown once, issued, listed and revoked with npm run keys (their checks are
 * src/server/key-checks.test.ts's).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { freshPglite, freshPostgres, migrated, postgresReachable, type TestDatabase } from '../../test/databases.ts';
import { issueKey, KEY_FORM, listKeys } from './key-store.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../keys-cli.ts', import.meta.url));
const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.drop();
});

describe('keys in the database', () => {
  test('are stored hashed: nothing kept holds the key or its secret', async () => {
    const db = freshPglite();
    opened.push(db);
    const sql = await migrated(db);
    const issued = await issueKey(sql, 'Field office, Iloilo', 'admin');
    expect(issued.key).toMatch(KEY_FORM);
    // The secret is base64url, so it may hold '_' itself.
    const secret = KEY_FORM.exec(issued.key)?.[2] as string;
    const rows = await sql.query<Record<string, unknown>>('select * from api_keys');
    const stored = JSON.stringify(rows, (_, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    expect(await listKeys(sql)).toEqual([
      { id: issued.id, name: 'Field office, Iloilo', role: 'admin', createdAt: issued.createdAt, revokedAt: null },
    ]);
  });

  test('npm run keys issues a key shown once, lists keys without them, and revokes one', async () => {
    if (!(await postgresReachable())) return;
    const db = await freshPostgres();
    opened.push(db);
    const env = { ...process.env, DATABASE_URL: db.url };
    const keys = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/keys-cli.ts', ...args], { env, timeout: 60_000 });
    const added = await keys('add', '--role', 'admin', '--name', 'Planning office');
    const key = added.stdout.match(/^kap_\S+$/m)?.[0] as string;
    expect(key).toBeDefined();
    const id = key.split('_')[1];
    const listed = await keys('list');
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('Planning office');
    expect(listed.stdout).not.toContain(key);
    await keys('revoke', id);
    expect((await keys('list')).stdout).toMatch(new RegExp(`${id}.*revoked`));
    await expect(keys('add', '--role', 'owner', '--name', 'x')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--role must be read or admin/),
    });
    await expect(keys('revoke', id)).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/No active key/) });
  }, 120_000);

  test('npm run keys names the database it writes to, and makes one only when asked', async () => {
    // Run from a folder of its own, as an operator would from anywhere: nothing may appear there unasked.
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-keys-cli-'));
    const { DATABASE_URL: _, PGLITE_DIR: __, ...env } = process.env;
    const keys = (more: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], {
        cwd,
        env: { ...env, ...more },
        timeout: 120_000,
      });
    try {
      await expect(keys({}, 'list')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/Set DATABASE_URL .* or PGLITE_DIR/),
      });
      const dir = path.join(cwd, 'pglite');
      await expect(keys({ PGLITE_DIR: dir }, 'add', '--role', 'read', '--name', 'Nobody')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`${dir} holds no database`),
      });
      expect(fs.readdirSync(cwd)).toEqual([]);
      const added = await keys({ PGLITE_DIR: dir }, 'add', '--role', 'read', '--name', 'Kiosk', '--create');
      expect(added.stdout).toContain(`Database: PGlite in ${dir}`);
      const id = added.stdout.match(/^kap_([0-9a-f]{16})_\S+$/m)?.[1];
      expect(id).toBeDefined();
      const listed = await keys({ PGLITE_DIR: dir }, 'list');
      expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+read`, 'm'));
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }, 300_000);
});
