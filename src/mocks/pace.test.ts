import { expect, test } from 'vitest';
import { type Pace, trickle } from './pace.ts';

const bytes = (n: number) => new Uint8Array(n).fill(7);
const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

test('a slowed answer comes a tenth of its rate a tick, fades at its byte, and comes whole at once when lifted', async () => {
  const then = { after: 6, bytesPerSecond: 10 };
  let pace: Pace | undefined = { bytesPerSecond: 30, then };
  const reader = trickle(streamOf(bytes(10), bytes(5)), () => pace).getReader();
  const sizes: number[] = [];
  for (let i = 0; i < 3; i++) sizes.push((await reader.read()).value?.byteLength ?? 0);
  expect(sizes).toEqual([3, 3, 1]); // 30 B/s, then faded to 10 B/s from the sixth byte on
  pace = undefined;
  const rest: number[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value.byteLength);
  // A slice asked for before the lift may still come at the old pace; then the first chunk's rest, and the next whole.
  expect([
    [3, 5],
    [1, 2, 5],
  ]).toContainEqual(rest);
});
