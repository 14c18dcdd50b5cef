import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from './env.ts';
import { renderedCodes } from './map.ts';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Explorer' });

test('the app talks to npm run api over real HTTP, not to a service in the page', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/')) requests.push(new URL(request.url()).origin);
  });
  await page.goto('/');
  expect(await renderedCodes(page, 'regions-fill')).toHaveLength(18);
  expect(new Set(requests)).toEqual(new Set([API_ORIGIN]));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test('an API error mid-drill-down shows the error state, and retry recovers', async ({ page }) => {
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
  const alert = panel(page).getByRole('alert');
  await expect(alert).toContainText('could not be loaded');
  await page.screenshot({ path: 'screenshots/explorer-error.png' });
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(panel(page).getByRole('button', { name: 'Cebu', exact: true })).toBeVisible();
});

test('returning to a province already seen asks the service nothing again', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/provinces/')) asked.push(url.pathname + url.search);
  });
  await page.goto('/?region=7');
  await panel(page).getByRole('button', { name: 'Cebu', exact: true }).click();
  expect(await renderedCodes(page, 'towns-fill')).toContain('0730600000');
  await panel(page)
    .getByRole('navigation', { name: 'Breadcrumbs' })
    .getByRole('button', { name: /Region VII/ })
    .click();
  await panel(page).getByRole('button', { name: 'Bohol', exact: true }).click();
  await expect(panel(page).getByRole('heading', { name: 'Bohol' })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(panel(page).getByRole('heading', { name: 'Cebu' })).toBeVisible();
  expect(await renderedCodes(page, 'towns-fill')).toContain('0730600000');
  // Cebu was asked for at the region's level and at its own; neither request was ever repeated.
  expect(asked.some((p) => p.startsWith('/v1/provinces/7022?'))).toBe(true);
  expect(asked.length).toBe(new Set(asked).size);
});
