/**
 * mapshaper's `applyCommands` on worker threads, at most one per core: the pipeline's three detail levels are
 * independent sessions of a few seconds to half a minute each, and one thread would leave the other cores idle.
 * The inputs and outputs cross as strings and buffers (copied once each way); the commands are mapshaper's own.
 */

import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

type Output = Record<string, string | Buffer>;
interface Job {
  commands: string;
  inputs: Record<string, string>;
}

const slots = Math.max(1, Math.min(os.availableParallelism(), 3));
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `commands` over `inputs` (file name → text) on a worker thread, once one is free. */
export async function applyCommandsOnThread(commands: string, inputs: Record<string, string>): Promise<Output> {
  // A free slot is taken at once; otherwise the slot of a thread that ends is handed straight to the first in
  // line, so a caller arriving in between cannot take it too.
  if (running < slots) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await runOnce({ commands, inputs });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// The thread's whole program: plain JavaScript, so it needs no TypeScript loader (a thread inherits none, under
// tsx or vitest). mapshaper is CommonJS, required by the path this module resolves it to.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const mapshaper = require(workerData.mapshaper);
parentPort.once('message', async ({ commands, inputs }) => {
  try {
    parentPort.postMessage({ output: await mapshaper.applyCommands(commands, inputs) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

function runOnce(job: Job): Promise<Output> {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { mapshaper: createRequire(import.meta.url).resolve('mapshaper') },
    resourceLimits: { maxOldGenerationSizeMb: 6144 },
  });
  return new Promise<Output>((resolve, reject) => {
    worker.once('message', (message: { output?: Output; error?: string }) => {
      if (message.error !== undefined) reject(new Error(`mapshaper: ${message.error}`));
      // A Buffer crosses as a plain Uint8Array: made a Buffer again (on the same memory), String() reads it.
      else
        resolve(
          Object.fromEntries(
            Object.entries(message.output!).map(([name, v]) => [
              name,
              typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength),
            ]),
          ),
        );
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.postMessage(job);
  });
}
