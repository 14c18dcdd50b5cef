import { API_ORIGIN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

test('the app talks to npm run api over real HTTP, not to a service in the page', { tag: '@http-only' }, async ({
  page,
  map,
  network,
}) => {
  await page.goto('/');
  await map.drawn(LAYER.regionsFill, (codes) => expect(codes).toHaveLength(18));
  expect(new Set(network.requests().map(({ url }) => new URL(url).origin))).toEqual(new Set([API_ORIGIN]));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});
