import { LAYER } from '../src/map/layers.ts';
import { expect, test } from './fixtures.ts';

/**
 * When the API fails under the app: it explains, offers a way on, and keeps the user's place. Each journey runs
 * against the built-in service, failed from inside the page, and over HTTP, failed on the wire (e2e/network.ts).
 */

test('a slow detailed download shows its progress and is cancelled when the user moves on', {
  tag: '@http',
}, async ({ page, explorer, network }) => {
  // Loaded at full speed first: over HTTP the throttle slows the app's own code too.
  await page.goto('/');
  await expect(explorer.list('Regions')).toBeVisible();
  // About 1 Mbit/s: Cebu's detailed towns take many seconds.
  const detailed = /\/v1\/provinces\/7022\?geometry=detailed/;
  const slow = await network.slow(detailed, 120_000);
  await page.goto('/?region=7&province=7022&level=detailed');
  const progress = page.getByRole('status').filter({ hasText: 'Loading city and municipality boundaries (detailed)' });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/[1-9]\.\d MB|0\.[1-9] MB/);
  await page.screenshot({ path: `screenshots/failure-slow-download-${test.info().project.name}.png` });

  // Up to the country, where nothing needs Cebu's towns (the region step would ask for them again).
  await explorer.up('Philippines');
  await expect(progress).toHaveCount(0);
  await expect.poll(() => network.cancelled(detailed)).toBe(true);
  await slow.lift();
  await expect(explorer.list('Regions')).toBeVisible();
  await expect(explorer.alert).toHaveCount(0);
});

test('boundaries that fail to load are said over the map, and retry draws them', { tag: '@http' }, async ({
  page,
  map,
  network,
}) => {
  // Every try fails (React Query's own retry too) until the service comes back, just before the user retries.
  const outage = await network.fail(/\/v1\/provinces\/7022\?geometry=/, 503, {
    code: 'unavailable',
    message: 'Service Unavailable',
  });
  await page.goto('/?region=7&province=7022');
  const alert = page.getByRole('alert').filter({ hasText: 'City and municipality boundaries could not be loaded' });
  await expect(alert).toContainText('Service Unavailable');
  await page.screenshot({ path: `screenshots/failure-boundaries-${test.info().project.name}.png` });
  await outage.lift();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await map.drawn(LAYER.townsFill, (codes) => expect(codes.length).toBeGreaterThan(40));
  await expect(page).toHaveURL(/province=7022/);
});

test('an API error mid-drill-down shows the error state, and retry recovers', { tag: '@http' }, async ({
  page,
  explorer,
  network,
}) => {
  const outage = await network.fail(/\/v1\/provinces\?/, 500, { code: 'internal', message: 'The service failed' });
  await page.goto('/?region=7');
  await expect(explorer.alert).toContainText('could not be loaded');
  await page.screenshot({ path: `screenshots/explorer-error-${test.info().project.name}.png` });
  await outage.lift();
  await explorer.alert.getByRole('button', { name: 'Retry' }).click();
  await expect(explorer.item('Cebu')).toBeVisible();
});

test('a key that expires mid-session: the app says so, takes a new key and carries on where the user was', {
  tag: '@http',
}, async ({ page, explorer, map }) => {
  await page.goto('/?region=7&province=7022');
  await expect(explorer.list('Cities and municipalities')).toBeVisible();
  await explorer.keepKey('expired-key');

  await explorer.item(/^Alcantara/).click();
  await expect(explorer.alert).toContainText('refused the API key');
  await expect(page).toHaveURL(/municity=7022/);
  await page.screenshot({ path: `screenshots/failure-expired-key-${test.info().project.name}.png` });
  await explorer.panel.getByRole('button', { name: 'Enter an API key' }).click();
  await explorer.enterKey();
  await expect(explorer.list('Barangays')).toBeVisible();
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(5));
  await expect(page).toHaveURL(/region=7&province=7022&municity=7022/);
});
