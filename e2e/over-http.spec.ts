import { API_ORIGIN } from './env.ts';
import { expect, test } from './fixtures.ts';

test('the app talks to npm run api over real HTTP, not to a service in the page', async ({ page, map }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/')) requests.push(new URL(request.url()).origin);
  });
  await page.goto('/');
  await map.drawn('regions-fill', (codes) => expect(codes).toHaveLength(18));
  expect(new Set(requests)).toEqual(new Set([API_ORIGIN]));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test('an API error mid-drill-down shows the error state, and retry recovers', async ({ page, explorer }) => {
  let fail = true;
  await page.route('**/v1/provinces?**', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ data: null, error: { code: 'internal', message: 'The service failed' } }),
        })
      : route.continue(),
  );
  await page.goto('/?region=7');
  await expect(explorer.alert).toContainText('could not be loaded');
  await page.screenshot({ path: 'screenshots/explorer-error.png' });
  fail = false;
  await explorer.alert.getByRole('button', { name: 'Retry' }).click();
  await expect(explorer.item('Cebu')).toBeVisible();
});

test('returning to a province already seen asks the service nothing again', async ({ page, explorer, map }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/provinces/')) asked.push(url.pathname + url.search);
  });
  await page.goto('/?region=7');
  await explorer.open('Cebu');
  await map.drawn('towns-fill', (codes) => expect(codes).toContain('0730600000'));
  await explorer.up(/Region VII/);
  await explorer.open('Bohol');
  await page.goBack();
  await page.goBack();
  await expect(explorer.title).toHaveText('Cebu');
  await map.drawn('towns-fill', (codes) => expect(codes).toContain('0730600000'));
  // Cebu was asked for at the region's level and at its own; neither request was ever repeated.
  expect(asked.some((p) => p.startsWith('/v1/provinces/7022?'))).toBe(true);
  expect(asked.length).toBe(new Set(asked).size);
});
