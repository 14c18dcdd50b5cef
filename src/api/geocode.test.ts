import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { TEST_API } from '../test/test-api.ts';
import { configureApi } from './client.ts';
import { type LocalMatcher, matchAddresses, matchingDone, setLocalMatcher } from './geocode.ts';

configureApi(TEST_API);

const unmatched = (): BatchGeocodeResult => ({ status: 'unmatched', match: null, candidates: [] });

function localMatcher() {
  const release = vi.fn();
  const match = vi.fn(async (addresses: string[]) => addresses.map(unmatched));
  return { matcher: Object.assign(match, { release }) as LocalMatcher, match, release };
}

describe('matching addresses where the app runs its own service', () => {
  afterEach(() => {
    setLocalMatcher(null);
    vi.unstubAllGlobals();
  });

  test('goes to the local matcher, not over the network, and answers in order', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { matcher, match } = localMatcher();
    setLocalMatcher(matcher);
    const results = await matchAddresses(['Poblacion, Bauang', 'Lahug, Cebu City']);
    expect(results).toHaveLength(2);
    expect(match).toHaveBeenCalledExactlyOnceWith(['Poblacion, Bauang', 'Lahug, Cebu City']);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a batch that comes back after the user cancelled is not taken', async () => {
    const { matcher } = localMatcher();
    setLocalMatcher(matcher);
    const controller = new AbortController();
    const pending = matchAddresses(['Lahug, Cebu City'], controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  test('a finished file lets the workers go', async () => {
    const { matcher, release } = localMatcher();
    setLocalMatcher(matcher);
    matchingDone();
    await vi.waitFor(() => expect(release).toHaveBeenCalledOnce());
  });

  test('a batch sent while the service is still starting (a run resumed as the page loads) waits for it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { matcher, match } = localMatcher();
    let started!: (m: typeof matcher) => void;
    setLocalMatcher(new Promise((resolve) => (started = resolve)));
    const pending = matchAddresses(['Lahug, Cebu City']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(match).not.toHaveBeenCalled();
    started(matcher);
    expect(await pending).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('with a server, the batch is a POST /v1/geocode/batch', async () => {
    const fetch = vi.fn(async () => Response.json({ data: [unmatched()], error: null }));
    vi.stubGlobal('fetch', fetch);
    const results = await matchAddresses(['Lahug']);
    expect(results).toHaveLength(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/v1\/geocode\/batch$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ addresses: ['Lahug'] });
  });
});
