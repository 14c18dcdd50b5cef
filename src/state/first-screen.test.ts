import { afterEach, expect, test, vi } from 'vitest';
import { afterFirstScreen, firstScreenShown } from './first-screen.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('what waits for the first screen waits as long as it takes to draw, and goes once it is drawn', async () => {
  vi.useFakeTimers();
  let gone = false;
  void afterFirstScreen().then(() => {
    gone = true;
  });
  // A slow device: the regions drawn a minute after the page opened. Nothing goes before them.
  await vi.advanceTimersByTimeAsync(60_000);
  expect(gone).toBe(false);
  firstScreenShown();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(gone).toBe(true);
});
