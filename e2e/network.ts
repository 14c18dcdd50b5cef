import { expect, type Page, type Request } from '@playwright/test';
import { errorBody } from '../src/contract/error-body.ts';
import type { E2EHook, ServiceOverride } from '../src/mocks/e2e-hook.ts';

/** Which service the app under test talks to: its built-in one (the default app) or `npm run api` over HTTP. */
export type Backend = 'built-in' | 'http';

/** A change to the network that a test makes, and lifts when the service should come back. */
export interface Change {
  lift(): Promise<void>;
}

/**
 * The failures a journey needs, made the way each backend allows. Over HTTP they are real: page.route answers
 * in place of the server, and Chromium throttles the wire. The built-in service answers inside the page, out of
 * reach of both, so there the page's service worker gets an override (src/mocks/e2e-hook.ts), applied from the
 * first request of every page load until lifted, as a route would be.
 */
export interface Network {
  /** Until lifted, GETs whose URL (query included) matches answer `status` with the service's error body. */
  fail(url: RegExp, status: number, error: { code: string; message: string }): Promise<Change>;
  /**
   * Until lifted, answers arrive at about `bytesPerSecond`: over HTTP the page's whole network is throttled,
   * in the built-in service the answers to GETs whose URL matches.
   */
  slow(url: RegExp, bytesPerSecond: number): Promise<Change>;
  /**
   * Whether the page gave up a request whose URL matches before its answer had arrived. Playwright reports it
   * for both backends: the page's own fetch is aborted, whoever answers it.
   */
  cancelled(url: RegExp): boolean;
  /**
   * Waits until no request to /v1 has been on its way for 300 ms: every answer asked for so far has arrived,
   * and a journey can move on without cutting one short.
   */
  settled(): Promise<void>;
}

export async function createNetwork(page: Page, backend: Backend): Promise<Network> {
  const failed: string[] = [];
  const onTheirWay = new Set<Request>();
  page.on('request', (r) => {
    if (r.url().includes('/v1/')) onTheirWay.add(r);
  });
  page.on('requestfinished', (r) => onTheirWay.delete(r));
  page.on('requestfailed', (r) => {
    onTheirWay.delete(r);
    if (r.failure()?.errorText.includes('ERR_ABORTED')) failed.push(r.url());
  });
  const watch = {
    cancelled: (url: RegExp) => failed.some((f) => url.test(f)),
    async settled() {
      let quietSince = 0;
      await expect(() => {
        if (onTheirWay.size > 0) quietSince = 0;
        expect(onTheirWay.size, 'requests to /v1 on their way').toBe(0);
        quietSince ||= Date.now();
        expect(Date.now() - quietSince, 'ms without a request to /v1').toBeGreaterThanOrEqual(300);
      }).toPass({ intervals: [100], timeout: 30_000 });
    },
  };
  if (backend === 'http') return { ...httpNetwork(page), ...watch };
  await page.addInitScript(() => {
    window.kapuluanE2E = { pending: [] } satisfies E2EHook;
  });
  return { ...builtInNetwork(page), ...watch };
}

function httpNetwork(page: Page): Omit<Network, 'cancelled' | 'settled'> {
  return {
    async fail(url, status, { code, message }) {
      const body = JSON.stringify(errorBody(code, message));
      const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
        route.fulfill({ status, contentType: 'application/json', body });
      await page.route(url, handler);
      return { lift: () => page.unroute(url, handler) };
    },
    async slow(_url, bytesPerSecond) {
      const cdp = await page.context().newCDPSession(page);
      const throttle = {
        offline: false,
        latency: 100,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      };
      await cdp.send('Network.emulateNetworkConditions', throttle);
      return {
        async lift() {
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 0,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        },
      };
    },
  };
}

function builtInNetwork(page: Page): Omit<Network, 'cancelled' | 'settled'> {
  let count = 0;
  async function override(change: ServiceOverride): Promise<Change> {
    // For the page loads to come, and for this one: applied now if its service has started, else as it starts.
    const script = await page.addInitScript((o) => window.kapuluanE2E?.pending.push(o), change);
    await page.evaluate((o) => {
      const hook = window.kapuluanE2E;
      if (hook?.apply) hook.apply(o);
      else hook?.pending.push(o);
    }, change);
    return {
      async lift() {
        await script.dispose();
        await page.evaluate((id) => window.kapuluanE2E?.lift?.(id), change.id);
      },
    };
  }
  return {
    fail: (url, status, error) =>
      override({ id: `override-${++count}`, kind: 'fail', url: url.source, status, ...error }),
    slow: (url, bytesPerSecond) =>
      override({ id: `override-${++count}`, kind: 'slow', url: url.source, bytesPerSecond }),
  };
}
