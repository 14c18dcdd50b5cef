import { expect, test } from 'vitest';
import { Progress } from './progress.ts';

/** A stand-in for standard error: what was written, and whether it is a terminal. */
function stream(isTTY: boolean) {
  const written: string[] = [];
  const out = { isTTY, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { out, written };
}

test('on a terminal, one line rewritten in place with the rows done, the share, the rate and the time left', () => {
  const { out, written } = stream(true);
  const progress = new Progress(200_000, out);
  progress.update(200_000);
  progress.end();
  const CLEAR = '\r\x1b[K';
  expect(written[0].startsWith(CLEAR)).toBe(true);
  expect(written[0].slice(CLEAR.length)).toMatch(/^200,000 of 200,000 rows \(100%\), [\d,]+ rows\/s, about 0 s left$/);
  expect(written.at(-1)).toBe(CLEAR);
});

test('piped or redirected, nothing at all', () => {
  const { out, written } = stream(false);
  const progress = new Progress(10, out);
  progress.update(5);
  progress.update(10);
  progress.end();
  expect(written).toEqual([]);
});
