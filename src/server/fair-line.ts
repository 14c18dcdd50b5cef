/**
 * Who gets the next free worker of the read pool, and who waits. One line for every key let one read key holding
 * six connections of batches get another key's small batches refused every time, and after a restart every region
 * answer that needed a reorganized outline was refused `busy` behind them. So:
 *
 * - each owner (a key's id) runs at most `perOwner` tasks at once, half the workers rounded up, and may have at most
 *   `perOwnerQueue` waiting, half the line rounded up: one key alone never holds every worker, nor the whole line;
 * - owners with work waiting are served in turn, not in the order their tasks came;
 * - drawing outlines has a lane of its own, served first, with a line of its own that batches and geocodes cannot
 *   fill: each outline is drawn once and kept (src/service/reorganized.ts), for every key alike, so it is never
 *   held to one owner's share.
 *
 * A task is handed to a worker only when one is free, so the pool itself never holds a line.
 */

export type Lane = 'draw' | 'work';

export interface LineLimits {
  /** Tasks running at once: the workers. */
  slots: number;
  /** Tasks waiting in each lane. */
  queue: number;
}

interface Waiting {
  owner: string;
  lane: Lane;
  start: () => void;
  /** Taken out of the line without running (its budget ran out while it waited). */
  cancel: () => void;
}

export class FullLine extends Error {
  constructor(readonly why: 'line' | 'owner') {
    super(why === 'line' ? 'the line is full' : "this owner's share of the line is full");
  }
}

export class FairLine {
  readonly perOwner: number;
  readonly perOwnerQueue: number;
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly draws: Waiting[] = [];
  /** Work waiting, by owner, and the owners in the order they are served. */
  private readonly work = new Map<string, Waiting[]>();
  private workWaiting = 0;

  constructor(readonly limits: LineLimits) {
    this.perOwner = Math.max(1, Math.ceil(limits.slots / 2));
    this.perOwnerQueue = Math.max(1, Math.ceil(limits.queue / 2));
  }

  /**
   * Runs `task` once a worker is free for it: at once, or after waiting its turn; throws FullLine at once when
   * neither. `signal` ending while it waits takes it out of the line and rejects with the signal's reason.
   */
  run<T>(owner: string, lane: Lane, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    let started = false;
    const { promise, resolve, reject } = settle<T>();
    const entry: Waiting = {
      owner,
      lane,
      start: () => {
        started = true;
        signal?.removeEventListener('abort', abort);
        this.hold(owner);
        Promise.resolve()
          .then(task)
          .finally(() => this.release(owner))
          .then(resolve, reject);
      },
      cancel: () => reject(signal?.reason),
    };
    const abort = () => {
      this.remove(entry);
      entry.cancel();
    };
    this.enqueue(entry);
    this.next();
    if (!started) {
      // Waiting: only if there is room in the line, counting the others.
      const mine = lane === 'work' ? (this.work.get(owner)?.length ?? 0) - 1 : 0;
      const others = (lane === 'draw' ? this.draws.length : this.workWaiting) - 1;
      if (others >= this.limits.queue || mine >= this.perOwnerQueue) {
        this.remove(entry);
        throw new FullLine(others >= this.limits.queue ? 'line' : 'owner');
      }
      signal?.addEventListener('abort', abort, { once: true });
    }
    return promise;
  }

  private enqueue(entry: Waiting) {
    if (entry.lane === 'draw') return void this.draws.push(entry);
    const mine = this.work.get(entry.owner) ?? [];
    if (!mine.length) this.work.set(entry.owner, mine);
    mine.push(entry);
    this.workWaiting++;
  }

  /** Tasks waiting in both lanes. */
  get waiting(): number {
    return this.draws.length + this.workWaiting;
  }

  get busy(): number {
    return this.running;
  }

  private hold(owner: string) {
    this.running++;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
  }

  private release(owner: string) {
    this.running--;
    const held = (this.runningBy.get(owner) ?? 1) - 1;
    if (held) this.runningBy.set(owner, held);
    else this.runningBy.delete(owner);
    this.next();
  }

  /** Starts what may start now: drawings first, then the owners' work in turn. */
  private next() {
    while (this.running < this.limits.slots) {
      const draw = this.draws.shift();
      if (draw) {
        draw.start();
        continue;
      }
      const owner = [...this.work.keys()].find((o) => (this.runningBy.get(o) ?? 0) < this.perOwner);
      if (owner === undefined) return;
      const mine = this.work.get(owner)!;
      const entry = mine.shift()!;
      this.workWaiting--;
      // Served: to the back of the owners' order.
      this.work.delete(owner);
      if (mine.length) this.work.set(owner, mine);
      entry.start();
    }
  }

  private remove(entry: Waiting) {
    if (entry.lane === 'draw') {
      const at = this.draws.indexOf(entry);
      if (at >= 0) this.draws.splice(at, 1);
      return;
    }
    const mine = this.work.get(entry.owner);
    const at = mine?.indexOf(entry) ?? -1;
    if (!mine || at < 0) return;
    mine.splice(at, 1);
    this.workWaiting--;
    if (!mine.length) this.work.delete(entry.owner);
  }
}

function settle<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
