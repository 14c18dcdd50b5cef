/**
 * A copy of the built data folder (symlinks) whose detailed regions file is a named pipe: a request for detailed
 * region geometry waits in the read until a test writes the file into the pipe, so it holds its geometry slot as
 * long as the test wants, without a timer (src/server/limits.test.ts, pool.test.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function dataWithPipedRegions(from: string, prefix: string): { dataDir: string; fifo: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(from)) {
    if (entry !== 'geo') fs.symlinkSync(path.join(from, entry), path.join(dataDir, entry));
  }
  fs.mkdirSync(path.join(dataDir, 'geo/detailed'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(from, 'geo'))) {
    if (entry !== 'detailed') fs.symlinkSync(path.join(from, 'geo', entry), path.join(dataDir, 'geo', entry));
  }
  for (const entry of fs.readdirSync(path.join(from, 'geo/detailed'))) {
    if (entry === 'regions.json') continue;
    fs.symlinkSync(path.join(from, 'geo/detailed', entry), path.join(dataDir, 'geo/detailed', entry));
  }
  const fifo = path.join(dataDir, 'geo/detailed/regions.json');
  execFileSync('mkfifo', [fifo]);
  return { dataDir, fifo };
}
