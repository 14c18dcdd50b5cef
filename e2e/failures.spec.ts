import { expect, test } from './fixtures.ts';

/** When the API fails under the app: it explains, offers a way on, and keeps the user's place. */

test('a slow detailed download shows its progress and is cancelled when the user moves on', async ({
  page,
  explorer,
}) => {
  test.skip(test.info().project.name !== 'http', 'needs a real network to slow down');
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/?region=7');
  await expect(explorer.list('Provinces')).toBeVisible();
  // About 1 Mbit/s: Cebu's detailed towns take many seconds.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 120_000,
    uploadThroughput: 120_000,
  });
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto('/?region=7&province=7022&level=detailed');
  const progress = page.getByRole('status').filter({ hasText: 'Loading city and municipality boundaries (detailed)' });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/[1-9]\.\d MB|0\.[1-9] MB/);
  await page.screenshot({ path: 'screenshots/failure-slow-download.png' });

  await explorer.up(/Region VII/);
  await expect(progress).toHaveCount(0);
  await expect
    .poll(() => failed.find((f) => f.includes('/v1/provinces/7022?geometry=detailed')))
    .toContain('ERR_ABORTED');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(explorer.list('Provinces')).toBeVisible();
});

test('boundaries that fail to load are said over the map, and retry draws them', async ({ page, map }) => {
  test.skip(test.info().project.name !== 'http', 'page.route cannot reach requests a service worker answers');
  // Every try fails (React Query's own retry too) until the service comes back, just before the user retries.
  let failing = true;
  await page.route(/\/v1\/provinces\/7022\?geometry=/, (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"data":null,"error":{"code":"unavailable","message":"Service Unavailable"}}',
        })
      : route.fallback(),
  );
  await page.goto('/?region=7&province=7022');
  const alert = page.getByRole('alert').filter({ hasText: 'City and municipality boundaries could not be loaded' });
  await expect(alert).toContainText('Service Unavailable');
  await page.screenshot({ path: `screenshots/failure-boundaries-${test.info().project.name}.png` });
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await map.drawn('towns-fill', (codes) => expect(codes.length).toBeGreaterThan(40));
  await expect(page).toHaveURL(/province=7022/);
});

test('a key that expires mid-session: the app says so, takes a new key and carries on where the user was', async ({
  page,
  explorer,
  map,
}) => {
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
  await map.drawn('barangays-fill', (codes) => expect(codes.length).toBeGreaterThan(5));
  await expect(page).toHaveURL(/region=7&province=7022&municity=7022/);
});
