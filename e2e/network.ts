import { expect, type Page, type Route } from '@playwright/test';
import { errorBody } from '../src/contract/error-body.ts';
import type { RegExpParts, ServiceOverride } from '../src/mocks/e2e-hook.ts';
import type { Pace } from '../src/mocks/pace.ts';
import { type SlowRelay, startSlowRelay } from './slow-relay.ts';

/** Which service the app under test talks to: its built-in one (the default app) or `npm run api` over HTTP. */
export type Backend = 'built-in' | 'http';

/** Which requests: a RegExp tested on the whole URL, or a string the URL's path and query begin with. */
export type UrlMatch = RegExp | string;

/** A change to the network that a test makes, and lifts when the service should come back. */
export interface Change {
  lift(): Promise<void>;
}

/** What became of a request to /v1: `cancelled` is the page giving it up before its answer had arrived. */
export type Outcome = 'on its way' | 'answered' | 'cancelled' | 'failed';

export interface LoggedRequest {
  method: string;
  url: string;
  outcome: Outcome;
  /** When the page sent it (Date.now() in the test). */
  sentAt: number;
}

/**
 * The failures a journey needs, made the way each backend allows, with one meaning on both, and a log of the
 * page's requests to /v1. Over HTTP the failures are real: page.route answers in place of the server, and a relay
 * in the test slows the answers on the wire. The built-in service answers inside the page, out of reach of both, so
 * there the page's service worker gets an override (src/mocks/e2e-hook.ts).
 *
 * Set a failure before the page loads: it holds from the first request of every page load until lifted, as a
 * route would. The built-in service takes the test hook only when it starts, so a page whose service started
 * before the test's first override sees that override from its next load on.
 */
export interface Network {
  /** Until lifted, GETs whose URL matches answer `status` with the service's error body. */
  fail(url: UrlMatch, status: number, error: { code: string; message: string }): Promise<Change>;
  /**
   * Until lifted, the answers to requests whose path and query begin with `path` arrive at the pace given (about
   * `bytesPerSecond`, and maybe slower after their first bytes); nothing else is slowed. Lifted, the answers on
   * their way send the rest at once, as a link that comes back.
   */
  slow(path: string, bytesPerSecond: number, then?: Pace['then']): Promise<Change>;
  /** Until lifted, GETs whose URL matches get no answer: the request stays on its way, as on a dead link. */
  stall(url: UrlMatch): Promise<Change>;
  /**
   * The page's requests to /v1 so far, oldest first, whose URL, method and outcome match those given. Playwright
   * sees the page's own fetch for both backends, whoever answers it.
   */
  requests(filter?: { url?: UrlMatch; method?: string; outcome?: Outcome }): LoggedRequest[];
  /**
   * Waits until no request to /v1 has been on its way for 300 ms: every answer asked for so far has arrived,
   * and a journey can move on without cutting one short.
   */
  settled(): Promise<void>;
  /** Ends what the network set up outside the page (the relay of slowed answers over HTTP). */
  close(): Promise<void>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The RegExp a match stands for, over the whole URL. */
export const toRegExp = (url: UrlMatch) =>
  typeof url === 'string' ? new RegExp(`^[a-z]+://[^/]+${escapeRegExp(url)}`) : url;

const matches = (url: UrlMatch, href: string) => {
  const re = toRegExp(url);
  re.lastIndex = 0;
  return re.test(href);
};

export async function createNetwork(page: Page, backend: Backend): Promise<Network> {
  // The built-in service answers the app's own requests in the page, where no request is seen; a test that
  // watches them has them go by its worker instead (src/e2e-main.tsx), as a page's fetch Playwright sees.
  if (backend === 'built-in') await page.addInitScript(() => (window.kapuluanE2EViaWorker = true));
  const log: LoggedRequest[] = [];
  const entries = new Map<object, LoggedRequest>();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/v1/')) return;
    const entry: LoggedRequest = { method: r.method(), url: r.url(), outcome: 'on its way', sentAt: Date.now() };
    log.push(entry);
    entries.set(r, entry);
  });
  const end = (r: object, outcome: Outcome) => {
    const entry = entries.get(r);
    if (entry) entry.outcome = outcome;
    entries.delete(r);
  };
  page.on('requestfinished', (r) => end(r, 'answered'));
  page.on('requestfailed', (r) => end(r, r.failure()?.errorText.includes('ERR_ABORTED') ? 'cancelled' : 'failed'));

  const watch: Pick<Network, 'requests' | 'settled'> = {
    requests: ({ url, method, outcome } = {}) =>
      log.filter(
        (r) => (!url || matches(url, r.url)) && (!method || r.method === method) && (!outcome || r.outcome === outcome),
      ),
    async settled() {
      let quietSince = 0;
      await expect(() => {
        if (entries.size > 0) quietSince = 0;
        expect(entries.size, 'requests to /v1 on their way').toBe(0);
        quietSince ||= Date.now();
        expect(Date.now() - quietSince, 'ms without a request to /v1').toBeGreaterThanOrEqual(300);
      }).toPass({ intervals: [100], timeout: 30_000 });
    },
  };
  return { ...(backend === 'http' ? httpNetwork(page) : builtInNetwork(page)), ...watch };
}

function httpNetwork(page: Page): Pick<Network, 'fail' | 'slow' | 'stall' | 'close'> {
  let relay: Promise<SlowRelay> | undefined;
  let count = 0;
  return {
    async fail(url, status, { code, message }) {
      const body = JSON.stringify(errorBody(code, message));
      const handler = (route: Route) => route.fulfill({ status, contentType: 'application/json', body });
      const where = (href: URL) => matches(url, href.toString());
      await page.route(where, handler);
      return { lift: () => page.unroute(where, handler) };
    },
    async stall(url) {
      // A route that is never fulfilled: the request waits until the page gives it up.
      const handler = () => {};
      const where = (href: URL) => matches(url, href.toString());
      await page.route(where, handler);
      return { lift: () => page.unroute(where, handler) };
    },
    async slow(path, bytesPerSecond, then) {
      // Only the matching requests: the page's own code and the other answers arrive at full speed, as in the
      // built-in service. They go by a relay in the test (e2e/slow-relay.ts): Chromium's throttling has one rate
      // per answer.
      relay ??= startSlowRelay();
      const slowed = await relay;
      const id = `slow-${++count}`;
      slowed.slow(id, { bytesPerSecond, then });
      const handler = (route: Route) => route.continue({ url: slowed.url(id, route.request().url()) });
      const where = (href: URL) => matches(path, href.toString());
      await page.route(where, handler);
      return {
        async lift() {
          await page.unroute(where, handler);
          slowed.lift(id);
        },
      };
    },
    async close() {
      await (await relay)?.close();
    },
  };
}

function builtInNetwork(page: Page): Pick<Network, 'fail' | 'slow' | 'stall' | 'close'> {
  let count = 0;
  let hooked = false;
  async function override(change: ServiceOverride): Promise<Change> {
    // The hook goes in with the first override only: the tests that set none run the app's plain start-up.
    if (!hooked) {
      hooked = true;
      await page.addInitScript(() => {
        window.kapuluanE2E ??= { pending: [] };
      });
    }
    // For the page loads to come, and for this one if its service started with the hook.
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
  const parts = (url: UrlMatch): RegExpParts => {
    const re = toRegExp(url);
    return { source: re.source, flags: re.flags };
  };
  return {
    fail: (url, status, error) =>
      override({ id: `override-${++count}`, kind: 'fail', url: parts(url), status, ...error }),
    slow: (path, bytesPerSecond, then) =>
      override({ id: `override-${++count}`, kind: 'slow', url: parts(path), bytesPerSecond, then }),
    stall: (url) => override({ id: `override-${++count}`, kind: 'stall', url: parts(url) }),
    close: async () => {},
  };
}
