import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { streamSink } from './match-output.ts';

/** A stream that takes one part at a time, each after a tick, and fails on the part 'bad'. */
function slowStream() {
  const taken: string[] = [];
  const out = new Writable({
    highWaterMark: 1,
    write(chunk, _encoding, done) {
      setTimeout(() => {
        if (String(chunk) === 'bad') return done(new Error('disk full'));
        taken.push(String(chunk));
        done();
      }, 1);
    },
  });
  return { out, taken };
}

test('a write settles only once the stream has taken what was before it (drain), and close once all is kept', async () => {
  const { out, taken } = slowStream();
  const sink = streamSink(out);
  await sink.write('a');
  await sink.write('b');
  expect(taken.length).toBeGreaterThanOrEqual(1);
  await sink.write(new TextEncoder().encode('c'));
  await sink.close();
  expect(taken).toEqual(['a', 'b', 'c']);
});

test("the stream's error rejects the write waiting on it, and every write after", async () => {
  const { out } = slowStream();
  const sink = streamSink(out);
  await expect(sink.write('bad')).rejects.toThrow('disk full');
  await expect(sink.write('more')).rejects.toThrow('disk full');
});
