/**
 * The rule for answers clients leave unread, on fake responses and a fake clock: who is dropped to
 * make room, and when a new answer is refused instead. Over real sockets: slow-readers.country.test.ts.
 */
import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { describe, expect, test } from 'vitest';
import { PIECE_BYTES, UnreadAnswers } from './unread-answers.ts';

const MB = 1024 * 1024;

/** A response whose client takes what it is given only when `take()` is called (or never). */
class FakeResponse extends EventEmitter {
  constructor(readonly req?: { socket: object }) {
    super();
  }
  writableLength = 0;
  destroyed = false;
  ended = false;
  write(piece: Buffer) {
    this.writableLength += piece.length;
    return false;
  }
  end(piece: Buffer) {
    this.writableLength += piece.length;
    this.ended = true;
  }
  /** The client reads everything handed so far. */
  take() {
    this.writableLength = 0;
    if (this.ended) this.emit('finish');
    else this.emit('drain');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

function setup(budget: number, idleMs = 4000) {
  let now = 0;
  const answers = new UnreadAnswers(budget, idleMs, () => now);
  const start = (size: number, connection?: object) => {
    const res = new FakeResponse(connection && { socket: connection });
    if (!answers.admit(size)) return null;
    answers.send(res as unknown as http.ServerResponse, Buffer.alloc(size));
    return res;
  };
  return { answers, start, later: (ms: number) => (now += ms) };
}

describe('answers their clients leave unread', () => {
  test('stay within the budget: the client stalled longest is dropped to make room', () => {
    const { answers, start, later } = setup(10 * MB);
    const first = start(4 * MB);
    later(500);
    const second = start(4 * MB);
    later(1500); // both stalled for at least checkMs (1 s): the first for longer
    const third = start(4 * MB);
    expect(third).not.toBeNull();
    expect(first?.destroyed).toBe(true);
    expect(second?.destroyed).toBe(false);
    const stats = answers.stats();
    expect(stats.bytes).toBeLessThanOrEqual(10 * MB);
    expect(stats.peak).toBeLessThanOrEqual(10 * MB);
    expect(stats).toMatchObject({ answers: 2, dropped: 1, refused: 0 });
    answers.close();
  });

  test('a client that is reading is never dropped for room: the new answer is refused instead', () => {
    const { answers, start, later } = setup(10 * MB);
    const reading = start(4 * MB);
    const other = start(4 * MB);
    later(2000);
    reading?.take(); // took a piece just now
    other?.take();
    expect(start(4 * MB)).toBeNull();
    expect(reading?.destroyed).toBe(false);
    expect(other?.destroyed).toBe(false);
    expect(answers.stats()).toMatchObject({ refused: 1, dropped: 0, answers: 2 });
    answers.close();
  });

  test('a client is dropped once it has taken nothing for the idle timeout, unless its connection is moving', () => {
    const { answers, start, later } = setup(100 * MB, 4000);
    const connection = {};
    const stalled = start(4 * MB);
    const first = start(4 * MB, connection);
    const pipelined = start(4 * MB, connection); // waits its turn behind the first on the same connection
    later(3000);
    first?.take();
    later(1500);
    (answers as unknown as { check(): void }).check();
    expect(stalled?.destroyed).toBe(true);
    expect(first?.destroyed).toBe(false);
    expect(pipelined?.destroyed).toBe(false);
    expect(answers.stats()).toMatchObject({ answers: 2, dropped: 1 });
    answers.close();
  });

  test('an answer over the whole budget is sent when it is the only one', () => {
    const { answers, start } = setup(1 * MB);
    expect(start(3 * MB)).not.toBeNull();
    expect(start(2 * MB)).toBeNull();
    answers.close();
  });

  test('small answers are written whole and not counted', () => {
    const { answers, start } = setup(1);
    const res = start(PIECE_BYTES);
    expect(res?.ended).toBe(true);
    expect(answers.stats()).toMatchObject({ bytes: 0, answers: 0, written: 0 });
  });

  test('a large answer is handed a piece at a time, each once the client took the last', () => {
    const { answers, start } = setup(100 * MB);
    const res = start(3 * PIECE_BYTES + 5);
    expect(res?.writableLength).toBe(PIECE_BYTES);
    res?.take();
    res?.take();
    expect(res?.ended).toBe(false);
    res?.take();
    expect(res?.ended).toBe(true);
    expect(res?.writableLength).toBe(5);
    res?.take();
    expect(answers.stats()).toMatchObject({ answers: 0, bytes: 0, written: 1 });
  });
});
