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

test('a street address typed from the street onwards and entered lands on its barangay', async ({ page }) => {
  await page.goto('/');
  await search(page).pressSequentially('123 Rizal St., Brgy. 5 (Pob.), Laoag City, Ilocos Norte');
  const first = page.getByRole('listbox', { name: 'Places' }).getByRole('option').first();
  await expect(first).toContainText('Bgy. No. 5, San Pedro');
  await expect(first).toContainText(
    /matched barangay “[^”]*5[^”]*”, town “Laoag[^”]*”, province “Ilocos Norte” · \d+%/,
  );
  await expect(first).toContainText('Barangay · City of Laoag · Ilocos Norte');
  await page.screenshot({ path: 'screenshots/search-address.png' });
  await search(page).press('Enter');
  await expect(page).toHaveURL(/region=1&province=1028&municity=102812&barangay=0102812068/);
  await expect(
    page.getByRole('list', { name: 'Barangays' }).getByRole('button', { name: 'Bgy. No. 5, San Pedro', pressed: true }),
  ).toBeVisible();
  await renderedCodes(page, 'barangays-fill');
  await expect
    .poll(() =>
      page.evaluate(() => window.kapuluanMap?.getFeatureState({ source: 'barangays', id: '0102812068' })?.selected),
    )
    .toBe(true);
});

test('Enter searches the text in the box now, not the search before it', async ({ page }) => {
  await page.goto('/');
  await search(page).fill('tagbilran');
  await search(page).press('Enter');
  await expect(page).toHaveURL(/region=7&province=7012&municity=701242/);
  await expect(search(page)).toHaveValue('City of Tagbilaran');
  // Within the debounce: the list still holds Tagbilaran, which Enter used to open.
  await search(page).fill('Norzagaray');
  await search(page).press('Enter');
  await expect(page).toHaveURL(/region=3&province=3014&municity=301413/);
  await expect(search(page)).toHaveValue('Norzagaray');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Norzagaray');
  await expect(page.getByRole('img', { name: /^Searched place/ })).toHaveAccessibleName('Searched place: Norzagaray');
});

test('an ambiguous name says how many places it names, lists them all and narrows by province', async ({ page }) => {
  await page.goto('/');
  await search(page).fill('San Jose');
  const status = page.getByRole('status').filter({ hasText: /places found/ });
  await expect(status).toHaveText(/^\d+\+? places found$/);
  const count = Number((await status.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(8);

  // From the keyboard: Tab leaves the box for "Show all", Enter opens the list.
  await search(page).press('Tab');
  const showAll = page.getByRole('button', { name: 'Show all' });
  await expect(showAll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(showAll).toHaveAttribute('aria-expanded', 'true');
  const places = page.getByRole('list', { name: 'All places' }).getByRole('listitem');
  await expect(places).toHaveCount(count);
  await expect(places.filter({ hasText: 'Municipality · Batangas' })).toHaveCount(1);
  await expect(places.filter({ hasText: 'Municipality · Antique' })).toHaveCount(1);
  await page.screenshot({ path: 'screenshots/search-ambiguous.png' });

  await page.keyboard.press('Tab');
  const province = page.getByLabel('Narrow by province');
  await expect(province).toBeFocused();
  await province.selectOption('Batangas');
  const inBatangas = Number((await province.locator('option:checked').textContent())?.match(/\((\d+)\)/)?.[1]);
  await expect(places).toHaveCount(inBatangas);
  for (const text of await places.allTextContents()) expect(text).toContain('Batangas');
  await page.screenshot({ path: 'screenshots/search-ambiguous-batangas.png' });

  await places.filter({ hasText: 'Municipality · Batangas' }).getByRole('button').press('Enter');
  await expect(page).toHaveURL(/region=4&province=4010&municity=401022/);
  await expect(page.getByRole('list', { name: 'All places' })).toBeHidden();
});

test('a miss clears the marker and the place chosen before, and offers spellings', async ({ page }) => {
  await page.goto('/');
  await search(page).fill('Norzagaray');
  await search(page).press('Enter');
  await expect(page).toHaveURL(/municity=301413/);
  await renderedCodes(page, 'barangays-fill');
  const marker = page.getByRole('img', { name: /^Searched place/ });
  await expect(marker).toHaveCount(1);

  await search(page).fill('zzqxv');
  await search(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No place matches “zzqxv”' })).toBeVisible();
  await expect(page.getByText('Did you mean')).toBeVisible();
  await expect(marker).toHaveCount(0);
  await expect(page).not.toHaveURL(/region=|municity=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Philippines');
  await expect(search(page)).toHaveValue('zzqxv');
  // The map's own API: Norzagaray's barangays are no longer drawn.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = window.kapuluanMap;
        return map?.getLayer('barangays-fill') ? map.queryRenderedFeatures({ layers: ['barangays-fill'] }).length : 0;
      }),
    )
    .toBe(0);
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

  // The geocoder now reads "Tugegarau" as Tuguegarao itself, so the miss is one nothing is near.
  await search(page).fill('zzqxv');
  const suggestion = page.getByText('Did you mean').getByRole('button').first();
  const spelling = (await suggestion.textContent()) ?? '';
  await suggestion.click();
  await expect(search(page)).toHaveValue(spelling);
  await expect(page.getByRole('listbox', { name: 'Places' }).getByRole('option').first()).toContainText(spelling);
});
