/**
 * How a browser test slows an answer, in one place for both of its paths: the built-in service's answers, slowed in
 * the page by the test hook (e2e-hook.ts), and another server's, slowed in the test's own process by a relay
 * (e2e/slow-relay.ts). It imports nothing, msw least of all, so the tests' Node process reads it as it is.
 */

/**
 * How fast a slowed answer arrives: about `bytesPerSecond`, and, from its `then.after`th byte on, `then.bytesPerSecond`
 * (a link that fades). A test that must act while a download is still arriving fades it once the part it waits for
 * has come: the rest is on its way for as long as the test needs, whatever the machine's speed.
 */
export interface Pace {
  bytesPerSecond: number;
  then?: { after: number; bytesPerSecond: number };
}

/** The rate of an answer at `pace` that has sent `sent` bytes. */
export const rateAt = (pace: Pace, sent: number) =>
  pace.then && sent >= pace.then.after ? pace.then.bytesPerSecond : pace.bytesPerSecond;

/** How often a slowed answer sends its next slice (a tenth of its rate). */
const TICK_MS = 100;

/**
 * The stream's bytes, a tenth of the rate `pace()` gives every TICK_MS; while it gives none (the slowing lifted),
 * the rest at once, as a throttled link that comes back speeds up the download on its way.
 */
export function trickle(source: ReadableStream<Uint8Array>, pace: () => Pace | undefined): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let rest: Uint8Array = new Uint8Array(0);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (rest.byteLength === 0) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        rest = value;
      }
      const now = pace();
      if (!now) {
        controller.enqueue(rest);
        rest = new Uint8Array(0);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
      const part = rest.subarray(0, Math.max(1, Math.round((rateAt(now, sent) * TICK_MS) / 1000)));
      controller.enqueue(part);
      rest = rest.subarray(part.byteLength);
      sent += part.byteLength;
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
