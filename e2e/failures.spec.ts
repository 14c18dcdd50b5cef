import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/**
 * When the API fails under the app: it explains, offers a way on, and keeps the user's place. Each journey runs
 * against the built-in service, failed from inside the page, and over HTTP, failed on the wire (e2e/network.ts).
 */

// About 320 kbit/s on the wire: Cebu's detailed towns take several seconds over HTTP, more in the built-in service
// (which slows the uncompressed answer).
const DETAILED_CEBU = '/v1/provinces/7022?geometry=detailed';
const SLOW = 40_000;
/**
 * The journeys that act while the download is on its way have it fade to a crawl after its first 100 KB (enough
 * for the progress to show a tenth of a megabyte on both backends): the rest takes minutes, past the test's
 * timeout, so it is still arriving when the user moves on, however long a busy machine takes over the steps in
 * between. At SLOW alone, over HTTP, its 180 KB of gzip were done 4.5 s after they began, and a screenshot and a
 * click on a loaded machine took longer (the test saw `answered`). A slice every 100 ms keeps the app from giving
 * it up as stalled (STALL_MS), so only the user's move cancels it.
 */
const FADES = { after: 100_000, bytesPerSecond: 1_000 };

test('a slow detailed download shows its progress and is cancelled when the user goes where it is not needed', {
  tag: '@http',
}, async ({ page, explorer, network, saveScreenshot }) => {
  const slow = await network.slow(DETAILED_CEBU, SLOW, FADES);
  await page.goto('/?region=7&province=7022&level=detailed');
  const progress = page.getByRole('status').filter({ hasText: 'Loading city and municipality boundaries (detailed)' });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/[1-9]\.\d MB|0\.[1-9] MB/);
  await saveScreenshot('failure-slow-download');

  // Up to the country, where nothing needs Cebu's towns.
  await explorer.up('Philippines');
  await expect(progress).toHaveCount(0);
  await expect.poll(() => network.requests({ url: DETAILED_CEBU }).at(-1)?.outcome).toBe('cancelled');
  await slow.lift();
  await expect(explorer.list('Regions')).toBeVisible();
  await expect(explorer.alert).toHaveCount(0);
});

test('going up to the region mid-download does not restart it: the region draws the towns it brings', {
  tag: '@http',
}, async ({ page, explorer, map, network }) => {
  // Opened directly, as from a link: the province step has not loaded its region's list of provinces.
  const slow = await network.slow(DETAILED_CEBU, SLOW, FADES);
  await page.goto('/?region=7&province=7022&level=detailed');
  const progress = page.getByRole('status').filter({ hasText: 'Loading city and municipality boundaries (detailed)' });
  await expect(progress).toContainText(/[1-9]\.\d MB|0\.[1-9] MB/);
  const asked = network.requests({ url: DETAILED_CEBU }).length;

  // The region step needs Cebu's detailed towns too: it waits for the download on its way.
  await explorer.up(/Region VII/);
  await expect(explorer.list('Provinces')).toBeVisible();
  expect(network.requests({ url: DETAILED_CEBU }).at(-1)?.outcome).toBe('on its way');
  // The link comes back: the download on its way finishes at full speed, and is the one the region draws.
  await slow.lift();
  await map.drawn(LAYER.regionTownsFill, (codes) => expect(codes).toContain('0730600000')); // Cebu City
  expect(network.requests({ url: DETAILED_CEBU })).toHaveLength(asked);
  expect(network.requests({ url: DETAILED_CEBU }).at(-1)?.outcome).toBe('answered');
});

test('boundaries that fail to load are said over the map, and retry draws them', { tag: '@http' }, async ({
  page,
  map,
  network,
  saveScreenshot,
}) => {
  // Every try fails (React Query's own retry too) until the service comes back, just before the user retries.
  const outage = await network.fail(/\/v1\/provinces\/7022\?geometry=/, 503, {
    code: 'unavailable',
    message: 'Service Unavailable',
  });
  await page.goto('/?region=7&province=7022');
  const alert = page.getByRole('alert').filter({ hasText: 'City and municipality boundaries could not be loaded' });
  await expect(alert).toContainText('Service Unavailable');
  await saveScreenshot('failure-boundaries');
  await outage.lift();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await map.drawn(LAYER.townsFill, (codes) => expect(codes.length).toBeGreaterThan(40));
  await expect(page).toHaveURL(/province=0702200000/);
});

test('an API error mid-drill-down shows the error state, and retry recovers', { tag: '@http' }, async ({
  page,
  explorer,
  network,
  saveScreenshot,
}) => {
  const outage = await network.fail(/\/v1\/provinces\?/, 500, { code: 'internal', message: 'The service failed' });
  await page.goto('/?region=7');
  await expect(explorer.alert).toContainText('could not be loaded');
  await saveScreenshot('explorer-error');
  await outage.lift();
  await explorer.alert.getByRole('button', { name: 'Retry' }).click();
  await expect(explorer.item('Cebu')).toBeVisible();
});

test('a key that expires mid-session: the app says so, takes a new key and carries on where the user was', {
  tag: '@http',
}, async ({ page, explorer, map, saveScreenshot }) => {
  await page.goto('/?region=7&province=7022');
  await expect(explorer.list('Cities and municipalities')).toBeVisible();
  await explorer.keepKey('expired-key');

  await explorer.item(/^Alcantara/).click();
  await expect(explorer.alert).toContainText('refused the API key');
  await expect(page).toHaveURL(/municity=07022/);
  await saveScreenshot('failure-expired-key');
  await explorer.askForKey();
  await explorer.enterKey();
  await expect(explorer.list('Barangays')).toBeVisible();
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(5));
  await expect(page).toHaveURL(/region=0700000000&province=0702200000&municity=07022/);
});

test('a town list on a dead connection says so within 10 s, with a retry that loads it', { tag: '@http' }, async ({
  page,
  network,
  saveScreenshot,
}) => {
  const dead = await network.stall('/v1/municities?');
  await page.goto('/?region=4&province=4010');
  const alert = page.getByRole('alert').filter({ hasText: 'Cities and municipalities could not be loaded' });
  // Ten seconds after the request went out (timed from the request, not from a page load that a busy machine
  // slows): the list does not say "Loading…" for ever.
  await expect(alert).toContainText('sent nothing for 10 seconds', { timeout: 25_000 });
  const [stalled] = network.requests({ url: '/v1/municities?' });
  expect(Date.now() - stalled.sentAt).toBeLessThan(12_000);
  expect(network.requests({ url: '/v1/municities?' })).toHaveLength(1); // a stall is not tried again unasked
  await saveScreenshot('failure-stalled-list');
  await dead.lift();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Agoncillo' })).toBeVisible();
});

test('without WebGL 2 the map says why, and the panel still leads to the places', async ({ page }) => {
  // The map is made by the page's entry before the app renders (src/map/first-map.ts); its failure must still
  // reach the map's error boundary, not leave a blank page.
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      return kind === 'webgl2' ? null : getContext.call(this, kind as '2d', ...(rest as []));
    } as typeof getContext;
  });
  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: 'The map cannot be shown' })).toBeVisible();
  await page.getByRole('button', { name: 'Central Visayas' }).click();
  await expect(page).toHaveURL(/region=0700000000/);
  await expect(page.getByRole('button', { name: 'Cebu' })).toBeVisible();
});

test('a download of the map’s worker code that never ends does not keep the map from drawing', {
  tag: '@http-only',
}, async ({ page, map }) => {
  // The page's preload of MapLibre's worker code, which the map's start takes, held for good; a second request for
  // it, the workers' own, is answered.
  let held = 0;
  await page.route(/maplibre-gl-worker/, (route) => {
    if (held++ === 0) return; // never answered
    return route.continue();
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/');
  await map.drawn(LAYER.regionsFill, (codes) => expect(codes).toHaveLength(18));
  expect(held).toBe(2);
  expect(warnings.join('\n')).toContain('worker code had not come');
});
