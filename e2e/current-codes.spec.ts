import { expect, type Page, test } from '@playwright/test';
import { pointOnFeature, renderedCodes } from './map.ts';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Explorer' });

test('the Negros Island Region opens with its provinces and Bacolod, drawn on the 2023 boundaries', async ({
  page,
}) => {
  await page.goto('/');
  await panel(page).getByRole('button', { name: 'Negros Island Region (NIR)' }).click();
  await expect(page).toHaveURL(/region=18/);
  await expect(panel(page).getByRole('list', { name: 'Provinces' }).getByRole('listitem')).toHaveText([
    'Negros Occidental',
    'Negros Oriental',
    'Siquijor',
  ]);
  const towns = await renderedCodes(page, 'region-towns-fill');
  expect(towns).toContain('1830200000'); // City of Bacolod, under its 4Q 2024 code
  expect(towns).toContain('1804610000'); // City of Dumaguete
  expect(towns).toContain('1806106000'); // Siquijor, Siquijor
  expect(towns.every((code) => code.startsWith('18'))).toBe(true);
  await page.screenshot({ path: 'screenshots/negros-island-region.png' });

  const point = await pointOnFeature(page, 'region-towns-fill', 'province', '18046');
  expect(point).not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
  await expect(page).toHaveURL(/province=18046/);
  await expect(panel(page).getByRole('heading', { name: 'Negros Oriental' })).toBeVisible();
});

test('a barangay new since the boundary files is listed and says it has no boundary yet', async ({ page }) => {
  await page.goto('/?region=13&province=13000&municity=1380100');
  await expect(panel(page).getByRole('heading', { name: 'City of Caloocan' })).toBeVisible();
  const barangays = panel(page).getByRole('list', { name: 'Barangays' }).getByRole('listitem');
  await expect(barangays).toHaveCount(193);
  await expect(barangays.filter({ hasText: 'no boundary yet' })).toHaveCount(6);
  expect(await renderedCodes(page, 'barangays-fill')).not.toContain('1380100189');

  await panel(page)
    .getByRole('button', { name: /^Barangay 176-A/ })
    .click();
  await expect(page).toHaveURL(/barangay=1380100189/);
  // Said over the map, where the barangay would have been highlighted.
  const notice = page.getByRole('status').filter({ hasText: 'No boundary yet' });
  await expect(notice).toHaveText(
    'No boundary yet. Barangay 176-A has no boundary in the data, so the map cannot draw it.',
  );
  await page.screenshot({ path: 'screenshots/no-boundary-yet.png' });
  await panel(page)
    .getByRole('button', { name: /^Barangay 175/ })
    .click();
  await expect(notice).toHaveCount(0);
});
