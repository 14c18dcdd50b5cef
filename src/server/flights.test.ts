import { expect, test } from 'vitest';
import { Flights } from './flights.ts';

test('a request for an answer being built waits for it; the next build starts once it has landed', async () => {
  const flights = new Flights<string>();
  const land = flights.start('a');
  expect(land).toBeDefined();
  expect(flights.start('a')).toBeUndefined(); // under way: a second asker waits instead
  const waiting = flights.wait('a');
  land?.('answer');
  land?.('another'); // landing twice does nothing
  expect(await waiting).toBe('answer');
  expect(flights.wait('a')).toBeUndefined();
  expect(flights.size).toBe(0);
});

test('a build that failed lands null, and its waiters may start their own', async () => {
  const flights = new Flights<string>();
  const land = flights.start('a');
  const waiting = flights.wait('a');
  land?.(null);
  expect(await waiting).toBeNull();
  expect(flights.start('a')).toBeDefined();
});
