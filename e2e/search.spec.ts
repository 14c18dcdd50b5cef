import { expect, type Page, test } from '@playwright/test';
import { renderedCodes } from './map.ts';

const search = (page: Page) => page.getByRole('combobox', { name: 'Search places' });

test('keyboard only: a misspelled town, picked with the arrows and Enter, opens its barangays', {
  tag: '@mobile',
}, async ({ page }) => {
  await page.goto('/');
  await search(page).focus();
  await page.keyboard.type('tagbilran');
  const options = page.getByRole('listbox', { name: 'Places' }).getByRole('option');
  await expect(options.first()).toContainText('City of Tagbilaran');
  await expect(options.first()).toContainText('City · Bohol · Region VII (Central Visayas)');
  await expect(page.getByRole('status').filter({ hasText: /found/ })).toBeVisible();
  await page.screenshot({ path: 'screenshots/search-open.png' });
  await page.keyboard.press('ArrowDown');
  await expect(search(page)).toHaveAttribute('aria-activedescendant', /option-0/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/region=7&province=7012&municity=701242/);
  const barangays = await renderedCodes(page, 'barangays-fill');
  expect(barangays.length).toBe(15);
  await expect(page.getByRole('img', { name: 'Searched place: City of Tagbilaran' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/search-chosen.png' });
});

test('a barangay chosen from the search is selected on the map', async ({ page }) => {
  await page.goto('/');
  await search(page).fill('Poblacion I, Carcar');
  await page
    .getByRole('listbox', { name: 'Places' })
    .getByRole('option')
    .filter({ hasText: 'Barangay' })
    .first()
    .click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  const code = new URL(page.url()).searchParams.get('barangay');
  await renderedCodes(page, 'barangays-fill');
  const state = await page.evaluate(
    (id) => window.kapuluanMap?.getFeatureState({ source: 'barangays', id: id ?? '' }),
    code,
  );
  expect(state?.selected).toBe(true);
});

test('a query that matches nothing says so, and Escape closes the list', async ({ page }) => {
  await page.goto('/');
  await search(page).fill('zzqxv');
  await expect(page.getByRole('status').filter({ hasText: 'No place matches' })).toBeVisible();
  await search(page).fill('Makati');
  await expect(page.getByRole('listbox', { name: 'Places' })).toBeVisible();
  await search(page).press('Escape');
  await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();
});

test('a click on the map says which barangay, town, province and region are there', { tag: '@mobile' }, async ({
  page,
}) => {
  await page.goto('/?region=13&province=13000&municity=1380600');
  await renderedCodes(page, 'barangays-fill');
  const point = await page.evaluate(() => {
    const p = window.kapuluanMap!.project([120.9787, 14.5826]); // Rizal Park
    const box = window.kapuluanMap!.getCanvas().getBoundingClientRect();
    return { x: p.x + box.left, y: p.y + box.top };
  });
  await page.mouse.click(point.x, point.y);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toContainText('City of Manila');
  await expect(popup).toContainText('Metro Manila');
  await expect(popup).toContainText('National Capital Region (NCR)');
  await expect(popup).toContainText('Barangay');
  await page.screenshot({ path: 'screenshots/what-is-here.png' });
});

test('finding a town in any province from the province step, and a suggestion for a miss', async ({ page }) => {
  await page.goto('/?region=7&province=7022');
  await page.getByLabel('Or find a city or municipality anywhere').fill('vigan');
  await page
    .getByRole('list', { name: 'Towns found' })
    .getByRole('button', { name: /City of Vigan/ })
    .click();
  await expect(page).toHaveURL(/region=1&province=1029&municity=102934/);
  expect((await renderedCodes(page, 'barangays-fill')).length).toBeGreaterThan(10);

  await page.getByRole('combobox', { name: 'Search places' }).fill('Tugegarau');
  await page.getByRole('button', { name: 'Tuguegarao City' }).click();
  await expect(page.getByRole('listbox', { name: 'Places' }).getByRole('option').first()).toContainText(
    'Tuguegarao City',
  );
});
