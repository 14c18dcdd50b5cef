/**
 * Large answers on their way to clients, and what the clients that stop reading may hold.
 *
 * Node's idle timeout does not drop a client that stopped reading on time: while a write is pending, the
 * socket's first timeout is let pass once if the write moved at all since it began (net.Socket's
 * `_onTimeout`), so such a socket lived about twice IDLE_TIMEOUT_MS, holding its answer all along (57 of them
 * took a server from 627 to 1,476 MB). Here an answer over PIECE_BYTES is written a piece at a time, the next
 * once the client has taken the last, and:
 * - a client that has taken nothing for `idleMs` is dropped, whatever Node's timer says (checked every
 *   `checkMs`, a quarter of it, at most a second);
 * - the bytes of all answers not yet taken ("unread") stay within `budget`: an answer that would pass it first
 *   drops the clients stalled longest (nothing taken for `checkMs` or more), and if that is not enough it is
 *   refused with a 503 `busy` (retry after a second), unless it is the only one being written.
 *
 * Why drop the stalled before refusing, and never a client that is reading: a budget that only refuses lets a
 * few clients that never read turn everyone's large answers away until their timeout; dropping whoever stopped
 * reading longest costs nothing to anyone who is still reading, and the clients that are reading, however
 * slowly, keep their answers (a new one waits for a retry). Answers of PIECE_BYTES or less are written whole:
 * with at most MAX_CONNECTIONS sockets they hold at most 16 MB between them.
 */
import type http from 'node:http';
import { errorBody } from '../contract/error-body.ts';
import type { Refusal } from './request-gate.ts';

export const PIECE_BYTES = 64 * 1024;

/** Seconds a client refused for want of room is asked to wait: a stalled client is dropped within a second. */
const RETRY_SECONDS = 1;

export const noRoom = (): Refusal => ({
  status: 503,
  body: errorBody('busy', 'Too many large answers are waiting for their clients to read them; try again shortly', {
    retry_after_seconds: RETRY_SECONDS,
  }),
  headers: { 'retry-after': String(RETRY_SECONDS) },
});

interface Writing {
  res: http.ServerResponse;
  body: Buffer;
  /** Bytes handed to the response so far. */
  offset: number;
  /** Bytes not yet taken by the client at the last look. */
  unread: number;
  /** When the client last took a piece ('drain': each piece but the last waits for it). */
  movedAt: number;
  /** Its connection, which may be taking an earlier answer first (pipelined requests). */
  connection: object;
}

export interface UnreadStats {
  /** Bytes of answers being written that their clients have not taken yet. */
  bytes: number;
  /** Answers being written. */
  answers: number;
  /** Large answers begun since the start. */
  written: number;
  /** The most `bytes` has been since the start. */
  peak: number;
  /** Clients dropped for taking nothing for the idle timeout, or to make room. */
  dropped: number;
  /** Answers refused (503) for want of room. */
  refused: number;
}

export class UnreadAnswers {
  private readonly writing = new Set<Writing>();
  /** When each connection last took a piece of any answer. */
  private readonly moved = new WeakMap<object, number>();
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;
  private written = 0;
  private dropped = 0;
  private refused = 0;
  readonly checkMs: number;

  constructor(
    readonly budget: number,
    readonly idleMs: number,
    private readonly now = () => performance.now(),
  ) {
    this.checkMs = Math.max(10, Math.min(1000, Math.floor(idleMs / 4)));
  }

  /**
   * Whether an answer of `size` bytes may be written now: yes if it fits in the budget, after dropping the
   * clients stalled longest if need be; no (and counted as refused) if it still does not fit.
   */
  admit(size: number): boolean {
    if (size <= PIECE_BYTES) return true;
    let total = this.look();
    if (total + size <= this.budget || this.writing.size === 0) return true;
    const now = this.now();
    const stalled = [...this.writing]
      .filter((w) => now - this.movedAt(w) >= this.checkMs)
      .sort((a, b) => this.movedAt(a) - this.movedAt(b));
    for (const w of stalled) {
      total -= w.unread;
      this.drop(w);
      if (total + size <= this.budget) return true;
    }
    if (this.writing.size === 0) return true; // alone, even an answer over the whole budget is sent
    this.refused += 1;
    return false;
  }

  /** Ends `res` with `body`, a piece at a time once over PIECE_BYTES (the head is written already). */
  send(res: http.ServerResponse, body: Buffer) {
    if (body.length <= PIECE_BYTES || res.destroyed) return void res.end(body);
    // A fake response in a unit test has no request.
    const connection: object = res.req?.socket ?? res;
    const w: Writing = { res, body, offset: 0, unread: body.length, movedAt: this.now(), connection };
    this.writing.add(w);
    this.written += 1;
    const done = () => this.forget(w);
    res.once('finish', done);
    res.once('close', done);
    const pump = () => {
      while (w.offset < body.length) {
        const piece = body.subarray(w.offset, w.offset + PIECE_BYTES);
        w.offset += piece.length;
        if (w.offset >= body.length) return void res.end(piece);
        if (!res.write(piece)) return; // the next once the client has taken this one ('drain')
      }
    };
    res.on('drain', () => {
      w.movedAt = this.now();
      this.moved.set(connection, w.movedAt);
      pump();
    });
    pump();
    this.peak = Math.max(this.peak, this.look());
    this.timer ??= setInterval(() => this.check(), this.checkMs).unref();
  }

  stats(): UnreadStats {
    return {
      bytes: this.look(),
      answers: this.writing.size,
      written: this.written,
      peak: this.peak,
      dropped: this.dropped,
      refused: this.refused,
    };
  }

  close() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Brings each answer's unread bytes up to date, and sums them. */
  private look(): number {
    let total = 0;
    for (const w of this.writing) {
      // Handed but not yet taken: the response's and its socket's write buffers, whose bytes leave them only
      // once the kernel has taken them all.
      w.unread = w.body.length - w.offset + Math.min(w.res.writableLength, w.offset);
      total += w.unread;
    }
    return total;
  }

  private check() {
    this.look();
    const now = this.now();
    for (const w of this.writing) if (now - this.movedAt(w) >= this.idleMs) this.drop(w);
  }

  /**
   * When the client last took a piece of this answer, or of any answer on its connection: one pipelined behind
   * an answer still being read is waiting its turn, not stalled.
   */
  private movedAt(w: Writing) {
    return Math.max(w.movedAt, this.moved.get(w.connection) ?? Number.NEGATIVE_INFINITY);
  }

  private drop(w: Writing) {
    this.dropped += 1;
    this.forget(w);
    w.res.destroy();
  }

  private forget(w: Writing) {
    this.writing.delete(w);
    if (this.writing.size === 0) this.close();
  }
}
