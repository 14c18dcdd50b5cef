/**
 * One process at a time in a PGlite folder. The lock is the kernel's (flock(2)) on the folder itself, so it follows
 * the folder's inode, not a path: a second process is refused however it reaches the folder (a bind mount, a
 * symlink, another path); there is no lock file anyone could delete from under a running server (a lock on a file
 * inside the folder was lost with the file, and a second server then opened the folder); and the kernel drops the
 * lock when its holder dies, so a lock is never stale.
 *
 * Node has no flock of its own, and the native modules that add one must be compiled on every install; util-linux's
 * `flock` (part of every Debian system) takes it instead, in a child of this process that holds it while it lives.
 * The child lives as long as this process: it waits on a pipe from us, which the kernel closes when we end, however
 * we end (kill -9 included). It runs in a session of its own, so a Ctrl-C meant for the server does not drop the
 * lock while the server is still closing the database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** flock's exit status when another process holds the lock (EX_TEMPFAIL). */
const HELD = 75;
/**
 * How long to wait for the lock: a process killed a moment ago may still be holding it while the kernel tears it
 * down, and a restart right after must not be refused for that.
 */
const WAIT_SECONDS = 2;

/** Locks `dir` (which must exist) for this process; resolves to the function that unlocks it. */
export function lockFolder(dir: string, waitSeconds = WAIT_SECONDS): Promise<() => Promise<void>> {
  const holder = spawn(
    'flock',
    // Short options: util-linux's and the flock Homebrew installs on macOS both read them; both lock a folder
    // given in place of a file (opened read-only, as flock(2) allows).
    ['-x', '-w', String(waitSeconds), '-E', String(HELD), dir]
      // `echo` says the lock is held; `cat` then holds it (the locked descriptor is inherited) until our pipe ends.
      .concat(['sh', '-c', 'echo locked; exec cat >/dev/null']),
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const exited = new Promise<number | null>((resolve) => holder.once('close', resolve));
  let said = '';
  holder.stderr.setEncoding('utf8').on('data', (text: string) => {
    said += text;
  });
  return new Promise((resolve, reject) => {
    holder.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `PGlite needs the flock command to lock ${dir}, and it is not installed (Debian: util-linux; macOS: brew install flock)`,
            )
          : error,
      );
    });
    holder.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (!text.startsWith('locked')) return;
      let releasing = false;
      void exited.then((status) => {
        if (!releasing) console.error(`[kapuluan db] the lock on ${dir} was lost (flock ended with ${status})`);
      });
      // The lock must not keep the process alive by itself, nor be waited on at exit.
      holder.unref();
      for (const stream of [holder.stdin, holder.stdout, holder.stderr]) (stream as unknown as Unrefable).unref?.();
      resolve(async () => {
        releasing = true;
        // Waited on again until it has gone: with nothing else to do, a process awaiting this at its top level
        // would otherwise end there (Node's exit status 13, an unsettled top-level await) before the lock is let go.
        holder.ref();
        for (const stream of [holder.stdout, holder.stderr]) (stream as unknown as Refable).ref?.();
        holder.stdin.end();
        await exited;
      });
    });
    void exited.then((status) => {
      if (status === HELD) reject(heldElsewhere(dir));
      else reject(new Error(`Could not lock ${dir}: flock ended with ${status}${said ? `: ${said.trim()}` : ''}`));
    });
  });
}

interface Unrefable {
  unref?(): void;
}

interface Refable {
  ref?(): void;
}

function heldElsewhere(dir: string): Error {
  let real = dir;
  try {
    real = fs.realpathSync(dir);
  } catch {}
  const where = real === path.resolve(dir) ? dir : `${dir} (${real})`;
  return new Error(
    `${where} is open in another process: PGlite serves one process; stop it, or share a PostgreSQL server (DATABASE_URL)`,
  );
}
