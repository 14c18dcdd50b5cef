/**
 * One process at a time in a PGlite folder, however the folder is reached, and never kept out by a lock that a
 * dead process left (two servers through a bind mount both started and lost acknowledged creates; a
 * stale lock whose PID had been reused blocked a start).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { pgliteTemplate } from '../../test/databases.ts';
import { lockFolder } from './folder-lock.ts';
import { pglite, type Sql } from './sql.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let root: string;
let dir: string;
const opened: Sql[] = [];
/**
 * The folder made as initdb would leave it (src/test/databases.ts), but for the first case, which makes it: the
 * lock is the subject, and each initdb is 3.5-4 s of CPU.
 */
const seed = async () => fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
const open = async (where: string) => {
  const sql = await pglite(where);
  opened.push(sql);
  return sql;
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-lock-'));
  dir = path.join(root, 'pglite');
});
afterEach(async () => {
  for (const sql of opened.splice(0)) await sql.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Whether this process may bind-mount (root, and a kernel that lets it here). */
function canBindMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-mount-'));
  const [a, b] = [path.join(probe, 'a'), path.join(probe, 'b')];
  fs.mkdirSync(a);
  fs.mkdirSync(b);
  try {
    execFileSync('mount', ['--bind', a, b], { stdio: 'ignore' });
    execFileSync('umount', [b], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const bindMounts = canBindMount();
if (!bindMounts) console.warn('[tests] cannot bind-mount here (root needed): the bind-mount lock case is skipped');

describe('the PGlite folder lock', () => {
  test('a second open is refused, naming the folder, through a symlink too, with no lock file to delete', async () => {
    await open(dir);
    // No file in the folder holds the lock (one that did was lost with the file, and a second server opened it).
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.lock')) fs.rmSync(path.join(dir, name));
    await expect(pglite(dir)).rejects.toThrow(`${dir} is open in another process`);
    const link = path.join(root, 'link');
    fs.symlinkSync(dir, link);
    await expect(pglite(link)).rejects.toThrow(`${link} (${fs.realpathSync(dir)}) is open in another process`);
    // The holder still has it.
    expect(await opened[0].query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  });

  test.skipIf(!bindMounts)('a second open through a bind mount of the folder is refused', async () => {
    await seed();
    await open(dir);
    const mounted = path.join(root, 'mounted');
    fs.mkdirSync(mounted);
    execFileSync('mount', ['--bind', dir, mounted]);
    try {
      await expect(pglite(mounted)).rejects.toThrow(`${mounted} is open in another process`);
    } finally {
      execFileSync('umount', [mounted]);
    }
  });

  test('a process killed while it held the folder does not keep the next one out', async () => {
    await seed();
    const holder = await holdInChild(dir);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const sql = await open(dir);
    expect(await sql.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  });

  test('closing releases the folder for the next open, in this process or another', async () => {
    await seed();
    await (await pglite(dir)).close();
    const again = await pglite(dir);
    await again.close();
    const holder = await holdInChild(dir);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
  });

  test('without the flock command the folder is not opened unlocked: the start is refused, saying why', async () => {
    const saved = process.env.PATH;
    process.env.PATH = root; // a folder with no flock in it
    try {
      await expect(pglite(dir)).rejects.toThrow(`PGlite needs the flock command to lock ${dir}`);
    } finally {
      process.env.PATH = saved;
    }
  });

  test('a lock file of the old kind beside the folder, naming a live process, is ignored', async () => {
    await seed();
    fs.writeFileSync(`${dir}.lock`, '1'); // init, always alive: the old lock refused the start
    await expect(open(dir)).resolves.toBeDefined();
  });

  test('a process whose last work is letting the folder go ends with status 0, the lock let go', async () => {
    fs.mkdirSync(dir);
    // Top-level awaits and nothing else: Node ends a process whose loop empties while one is pending with 13
    // (npm run keys did, one run in three).
    const script = `const { lockFolder } = await import('./src/server/db/folder-lock.ts');
      const release = await lockFolder(${JSON.stringify(dir)});
      await release();
      console.log('released');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (t) => (said += t));
    const status = await new Promise((resolve) => child.once('exit', resolve));
    expect({ status, said: said.trim() }).toEqual({ status: 0, said: 'released' });
    // Let go: taken at once, without waiting.
    await (await lockFolder(dir, 0))();
  });
});

/** A process of its own that opens `dir` and waits; resolves once it has it open. */
function holdInChild(where: string): Promise<ChildProcess> {
  const script = `import('./src/server/db/sql.ts').then(async ({ pglite }) => {
    await pglite(${JSON.stringify(where)});
    console.log('open');
    setInterval(() => undefined, 1000);
  })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      said += text;
      if (said.includes('open')) resolve(child);
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      said += text;
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}: ${said}`)));
  });
}
