/**
 * The read pool's line (fair-line.ts): one owner never takes every worker nor the whole line, owners are served in
 * turn, and drawings go first with a line of their own. Tasks here are promises the test settles, so every order is
 * decided by the test, never by time.
 */
import { describe, expect, test } from 'vitest';
import { FairLine, FullLine } from './fair-line.ts';

/** Once every callback the line queued has run: it moves on in promises' callbacks. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A task that runs until the test ends it, noting when it started. */
function tasks() {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const task = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => ends.set(name, () => resolve(name)));
  };
  const end = async (name: string) => {
    ends.get(name)?.();
    await settled();
  };
  return { started, task, end };
}

describe('the line for the read workers', () => {
  test('one owner runs on half the workers at most; another owner starts at once beside it', async () => {
    const line = new FairLine({ slots: 2, queue: 4 });
    const { started, task, end } = tasks();
    const a = [line.run('a', 'work', task('a1')), line.run('a', 'work', task('a2'))];
    await settled();
    expect(started).toEqual(['a1']);
    const b = line.run('b', 'work', task('b1'));
    await settled();
    expect(started).toEqual(['a1', 'b1']);
    await end('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await end('a2');
    await end('b1');
    expect(await Promise.all([...a, b])).toEqual(['a1', 'a2', 'b1']);
  });

  test('one owner may fill half the line; the other half is left to the others', async () => {
    const line = new FairLine({ slots: 2, queue: 4 });
    const { task } = tasks();
    line.run('a', 'work', task('a1'));
    line.run('a', 'work', task('a2'));
    line.run('a', 'work', task('a3'));
    expect(() => line.run('a', 'work', task('a4'))).toThrow(new FullLine('owner'));
    line.run('b', 'work', task('b1'));
    line.run('c', 'work', task('c1'));
    line.run('c', 'work', task('c2'));
    // a1 and b1 run; a2, a3, c1 and c2 wait: the line is full, and anyone's next is refused.
    expect(line.waiting).toBe(4);
    expect(() => line.run('d', 'work', task('d1'))).toThrow(new FullLine('line'));
  });

  test('owners waiting are served in turn, not in the order their tasks came', async () => {
    const line = new FairLine({ slots: 1, queue: 6 });
    const { started, task, end } = tasks();
    line.run('x', 'work', task('x1'));
    for (const name of ['a1', 'a2', 'a3']) line.run('a', 'work', task(name));
    line.run('b', 'work', task('b1'));
    await settled();
    for (const name of ['x1', 'a1', 'b1', 'a2']) await end(name);
    expect(started).toEqual(['x1', 'a1', 'b1', 'a2', 'a3']);
  });

  test('a drawing goes first, and work cannot fill its line', async () => {
    const line = new FairLine({ slots: 1, queue: 2 });
    const { started, task, end } = tasks();
    line.run('a', 'work', task('a1'));
    line.run('b', 'work', task('b1'));
    line.run('c', 'work', task('c1'));
    expect(() => line.run('d', 'work', task('d1'))).toThrow(FullLine);
    // The work line is full; a drawing still waits, and is next.
    const drawn = line.run('a', 'draw', task('draw'));
    await settled();
    await end('a1');
    expect(started).toEqual(['a1', 'draw']);
    await end('draw');
    expect(await drawn).toBe('draw');
    expect(started).toEqual(['a1', 'draw', 'b1']);
  });

  test('a task whose signal ends while it waits leaves the line, and never runs', async () => {
    const line = new FairLine({ slots: 1, queue: 2 });
    const { started, task, end } = tasks();
    line.run('a', 'work', task('a1'));
    await settled();
    const controller = new AbortController();
    const waiting = line.run('b', 'work', task('b1'), controller.signal);
    controller.abort(new Error('over budget'));
    await expect(waiting).rejects.toThrow('over budget');
    expect(line.waiting).toBe(0);
    await end('a1');
    expect(started).toEqual(['a1']);
  });
});
