import { expose } from 'comlink';
import { afterEach, expect, test, vi } from 'vitest';
import { workerMatcher } from './match-workers.ts';

/**
 * A stand-in for the browser's Worker: the real match worker needs the built data, so each stand-in exposes, over
 * a real MessageChannel and comlink as the worker does, a matcher that answers with the worker's number.
 */
function fakeWorkers() {
  const started: number[] = [];
  class FakeWorker {
    private port: MessagePort;
    constructor() {
      const n = started.push(started.length + 1);
      const { port1, port2 } = new MessageChannel();
      expose({ match: async (_base: string, addresses: string[]) => addresses.map((a) => ({ a, worker: n })) }, port2);
      this.port = port1;
    }
    postMessage(message: unknown, transfer?: Transferable[]) {
      this.port.postMessage(message, transfer ?? []);
    }
    addEventListener(type: string, listener: EventListener) {
      this.port.addEventListener(type, listener);
      this.port.start();
    }
    removeEventListener(type: string, listener: EventListener) {
      this.port.removeEventListener(type, listener);
    }
    terminate() {
      this.port.close();
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('batches sent together start no more workers than its size, and share them', async () => {
  const started = fakeWorkers();
  const match = workerMatcher('http://localhost/data/', 2);
  const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((a) => match([a])));
  expect(started).toHaveLength(2);
  // Every batch is answered, in order, and both workers took some.
  expect(answers.map((r) => (r[0] as unknown as { a: string }).a)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  const used = new Set(answers.map((r) => (r[0] as unknown as { worker: number }).worker));
  expect([...used].sort()).toEqual([1, 2]);
  match.release();
});
