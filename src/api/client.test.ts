import { afterEach, describe, expect, test, vi } from 'vitest';
import { TEST_API } from '../test/test-api.ts';
import { ApiError, apiFetch, CHANGE_STALL_MS, configureApi, STALL_MS } from './client.ts';

configureApi(TEST_API);

/** A fetch that answers nothing, until the request is given up. */
const deadFetch = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    // As fetch does: a signal aborted already rejects at once.
    if (init.signal?.aborted) reject(init.signal.reason);
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

/** An answer whose body arrives in `parts`, one every `everyMs`. */
const tricklingFetch = (parts: string[], everyMs: number) => async () => {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (i < parts.length) controller.enqueue(new TextEncoder().encode(parts[i++]));
      else controller.close();
    },
  });
  // What apiFetch reads of an answer (Node's Response would read the stream on timers of its own).
  return { ok: true, status: 200, statusText: 'OK', body } as Response;
};

describe('a request on a dead connection', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test(`ends after ${STALL_MS / 1000} s without an answer, with an error that says so`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('fetch', vi.fn(deadFetch));
    const pending = apiFetch('/v1/regions');
    const outcome = expect(pending).rejects.toMatchObject({ code: 'stalled', status: 0 });
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(pending).rejects.toBeInstanceOf(ApiError);
  });

  test(`a change is given ${CHANGE_STALL_MS / 1000} s before its first byte: the server draws what moved first`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The answer starts 20 s after the request: past a read's stall, within the drawing budget of a change.
    vi.stubGlobal('fetch', vi.fn(tricklingFetch(['{"data":1}'], 20_000)));
    const preview = apiFetch<{ data: number }>('/v1/regions?dry_run=true', { method: 'POST', body: {} });
    await vi.advanceTimersByTimeAsync(40_000);
    await expect(preview).resolves.toEqual({ data: 1 });
    vi.stubGlobal('fetch', vi.fn(deadFetch));
    const lost = apiFetch('/v1/regions', { method: 'POST', body: {} });
    const outcome = expect(lost).rejects.toMatchObject({ code: 'stalled', status: 0 });
    await vi.advanceTimersByTimeAsync(CHANGE_STALL_MS);
    await outcome;
  });

  test('is not cut short while its bytes keep coming, however long the whole takes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const parts = ['{"data":', '[1,', '2,', '3', ']}'];
    vi.stubGlobal('fetch', vi.fn(tricklingFetch(parts, STALL_MS - 1000)));
    const pending = apiFetch<{ data: number[] }>('/v1/regions');
    await vi.advanceTimersByTimeAsync((STALL_MS - 1000) * (parts.length + 1));
    await expect(pending).resolves.toEqual({ data: [1, 2, 3] });
  });

  test('given up by the page, ends as the page asked, not as a stall', async () => {
    vi.stubGlobal('fetch', vi.fn(deadFetch));
    const controller = new AbortController();
    const pending = apiFetch('/v1/regions', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toMatchObject({ code: 'stalled' });
  });
});
