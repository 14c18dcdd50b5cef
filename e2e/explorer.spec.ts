import { expect, type Page, test } from '@playwright/test';
import { pointOnFeature, renderedCodes } from './map.ts';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Explorer' });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('country → region → province → municipality → barangays, each step on the map and in the URL', {
  tag: '@mobile',
}, async ({ page }) => {
  await page.goto('/');
  expect(await renderedCodes(page, 'regions-fill')).toHaveLength(18);
  await page.screenshot({ path: 'screenshots/explorer-1-country.png' });

  await panel(page).getByRole('button', { name: 'Region VII (Central Visayas)' }).click();
  await expect(page).toHaveURL(/region=7/);
  await expect(panel(page).getByRole('heading', { name: 'Region VII (Central Visayas)' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Cebu', exact: true }).click();
  await expect(page).toHaveURL(/province=7022/);
  const towns = await renderedCodes(page, 'towns-fill');
  expect(towns).toContain('0730600000'); // Cebu City, an independent city lying in Cebu
  expect(towns.length).toBeGreaterThan(40);
  await page.screenshot({ path: 'screenshots/explorer-2-province.png' });

  await panel(page).getByLabel('Filter cities and municipalities').fill('carc');
  await panel(page)
    .getByRole('button', { name: /City of Carcar/ })
    .click();
  await expect(page).toHaveURL(/municity=/);
  const barangays = await renderedCodes(page, 'barangays-fill');
  expect(barangays.length).toBe(15);
  for (const code of barangays) expect(code.startsWith('0702214')).toBe(true);
  await expect(panel(page).getByRole('list', { name: 'Barangays' }).getByRole('listitem')).toHaveCount(15);
  await page.screenshot({ path: 'screenshots/explorer-3-municipality.png' });

  await panel(page)
    .getByRole('button', { name: /^Poblacion I\b/ })
    .click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  const selected = param(page, 'barangay');
  const state = await page.evaluate(
    (code) => window.kapuluanMap?.getFeatureState({ source: 'barangays', id: code ?? '' }),
    selected,
  );
  expect(state?.selected).toBe(true);
  await page.screenshot({ path: 'screenshots/explorer-4-barangay.png' });

  await page.goBack();
  await expect(page).not.toHaveURL(/barangay=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/municity=/);
  await expect(panel(page).getByLabel('Filter cities and municipalities')).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/municity=/);
  expect(await renderedCodes(page, 'barangays-fill')).toHaveLength(15);
});

test('a deep link opens a municipality with its barangays, and the detail level changes keep it', async ({ page }) => {
  await page.goto('/?region=13&province=13000&municity=1380600');
  await expect(panel(page).getByRole('heading', { name: 'City of Manila' })).toBeVisible();
  await expect(panel(page).getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Metro Manila');
  expect((await renderedCodes(page, 'barangays-fill')).length).toBeGreaterThan(100);
  await expect(panel(page).getByRole('list', { name: 'Barangays' }).getByRole('listitem')).toHaveCount(897);

  await panel(page).getByLabel('Detail').selectOption('simple');
  await expect(page).toHaveURL(/level=simple/);
  expect(param(page, 'municity')).toBe('1380600');
  expect((await renderedCodes(page, 'barangays-fill')).length).toBeGreaterThan(100);
  await page.screenshot({ path: 'screenshots/explorer-5-manila-simple.png' });
});

test('a refused key leads to the key prompt, and the right key brings the data', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('kapuluan.api-key', 'wrong-key'));
  await page.goto('/');
  await expect(panel(page).getByRole('alert')).toContainText('refused the API key');
  await panel(page).getByRole('button', { name: 'Enter an API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Key').fill('kapuluan-dev-key');
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await expect(panel(page).getByRole('button', { name: 'Region VII (Central Visayas)' })).toBeVisible();
});

test('several regions drawn together, kept in the URL', async ({ page }) => {
  await page.goto('/');
  await panel(page).getByRole('checkbox', { name: 'Draw Region VI (Western Visayas) with other regions' }).check();
  await panel(page).getByRole('checkbox', { name: 'Draw Region VII (Central Visayas) with other regions' }).check();
  await expect(page).toHaveURL(/batch=0600000000%2C0700000000|batch=0600000000,0700000000/);
  expect(await renderedCodes(page, 'batch-fill')).toEqual(['0600000000', '0700000000']);
  await expect(panel(page).getByRole('status').filter({ hasText: 'drawn together' })).toContainText('2 regions');
  await page.screenshot({ path: 'screenshots/explorer-batch.png' });
  await page.reload();
  expect(await renderedCodes(page, 'batch-fill')).toEqual(['0600000000', '0700000000']);
});

test('at the region step, clicking the map on a province opens it', async ({ page }) => {
  await page.goto('/?region=7');
  expect(await renderedCodes(page, 'region-towns-fill')).toContain('0701201000'); // Alburquerque, Bohol
  const point = await pointOnFeature(page, 'region-towns-fill', 'province', '7012');
  expect(point).not.toBeNull();
  await page.mouse.move(point!.x, point!.y);
  await expect(page.getByRole('tooltip')).toContainText('Bohol');
  await page.screenshot({ path: 'screenshots/explorer-region.png' });
  await page.mouse.click(point!.x, point!.y);
  await expect(page).toHaveURL(/province=7012/);
  await expect(panel(page).getByRole('heading', { name: 'Bohol' })).toBeVisible();
});

test('keyboard only: the lists do what clicks on the map do, down to a barangay', { tag: '@mobile' }, async ({
  page,
}) => {
  await page.goto('/');
  await panel(page).getByRole('button', { name: 'Region VII (Central Visayas)' }).focus();
  await page.keyboard.press('Enter');
  const title = panel(page).getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Region VII (Central Visayas)');
  await expect(title).toBeFocused();
  await expect(panel(page).getByRole('list', { name: 'Provinces' })).toBeVisible();
  await page.keyboard.press('Tab'); // Bohol
  await page.keyboard.press('Tab'); // Cebu
  await expect(panel(page).getByRole('button', { name: 'Cebu', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Cebu');
  await expect(title).toBeFocused();
  await expect(panel(page).getByRole('list', { name: 'Cities and municipalities' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByLabel('Filter cities and municipalities')).toBeFocused();
  await page.keyboard.type('carc');
  await expect(panel(page).getByRole('list', { name: 'Cities and municipalities' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('City of Carcar');
  await expect(title).toBeFocused();
  await expect(panel(page).getByRole('list', { name: 'Barangays' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByRole('list', { name: 'Barangays' }).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  expect(await renderedCodes(page, 'barangays-fill')).toHaveLength(15);
});
