import { violations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/**
 * axe-core over every main view: no serious or critical violation. The map canvas itself is left to MapLibre
 * (its controls are scanned); everything it offers is reachable through the panels' lists. At phone size the
 * panel is an opaque sheet, so there axe can check its colour contrast, which over the map it cannot.
 */
for (const [view, url, ready, layer] of [
  ['country', '/', 'Regions', LAYER.regionsFill],
  ['region', '/?region=7', 'Provinces', LAYER.regionTownsFill],
  // Shaded by density: the legend and the facts card are scanned with the list.
  ['province', '/?region=7&province=7022&shade=density', 'Cities and municipalities', LAYER.townsFill],
  // Caloocan: its list has barangays without a boundary, each with its note. Manila's 897 barangays took axe
  // three to four times as long, under the same 27 rules.
  ['municipality with barangays', '/?region=13&province=13000&municity=1380100', 'Barangays', LAYER.barangaysFill],
] as const) {
  test(`the ${view} view`, { tag: '@mobile' }, async ({ page, explorer, map }) => {
    await page.goto(url);
    await expect(explorer.list(ready)).toBeVisible();
    await map.drawn(layer);
    // With the step's downloads open, their sizes shown.
    await explorer.panel.getByText(/^Download these/).click();
    await expect(explorer.panel.getByRole('list', { name: 'Files' }).getByRole('button').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('search open', { tag: '@mobile' }, async ({ page, explorer }) => {
  await page.goto('/');
  await explorer.search.fill('san jose');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('admin forms showing errors, and the settings dialog', { tag: '@mobile' }, async ({ page, admin, explorer }) => {
  await page.goto('/#admin');
  await admin.regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(admin.regionForm.getByText('Enter a name.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The key's setting is out of the way, at the foot of the explorer's panel.
  await page.goto('/');
  await explorer.panel.getByRole('button', { name: 'API key…' }).click();
  await expect(explorer.keyDialog).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the admin pickers with results open, and a province with no towns asking before it is created', {
  tag: '@mobile',
}, async ({ page, admin }) => {
  await page.goto('/#admin');
  const { provinceForm } = admin;
  await provinceForm.getByLabel('Name').fill('Scan Province');
  await provinceForm.getByLabel('Short code').fill('SCANP');
  await provinceForm.getByLabel('Region').selectOption({ label: 'Region VII (Central Visayas) (VII)' });
  const search = provinceForm.getByRole('combobox', { name: 'Find a city or municipality' });
  await search.fill('san');
  await expect(provinceForm.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  expect(await violations(page)).toEqual([]);
  await provinceForm.getByRole('button', { name: /^Remove / }).click();
  await provinceForm.getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm.getByRole('button', { name: 'Create the empty province' })).toBeFocused();
  expect(await violations(page)).toEqual([]);
});

test('a barangay chosen, its facts shown, and the link copied', { tag: '@mobile' }, async ({
  page,
  context,
  explorer,
  map,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?region=13&province=13000&municity=1380100');
  await map.drawn(LAYER.barangaysFill);
  await explorer.list('Barangays').getByRole('listitem').nth(5).getByRole('button').click();
  await expect(page).toHaveURL(/barangay=/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the first Tab stops skip to the places, the search and the admin area; Escape closes the map’s popup', async ({
  page,
  explorer,
  map,
}) => {
  await page.goto('/?region=11');
  await expect(explorer.list('Provinces')).toBeVisible();
  await page.keyboard.press('Tab');
  const skipToPlaces = page.getByRole('button', { name: 'Skip to the places' });
  await expect(skipToPlaces).toBeFocused();
  await expect(skipToPlaces).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(explorer.title).toBeFocused();

  await page.getByRole('button', { name: 'Skip to search' }).focus();
  await page.keyboard.press('Enter');
  await expect(explorer.search).toBeFocused();

  await page.getByRole('button', { name: 'Skip to the admin area' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeFocused();
  await page.keyboard.press('Escape'); // the admin area closes on Escape
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeHidden();

  // A click on the map asks what is there; Escape closes the answer.
  await map.drawn(LAYER.regionTownsFill);
  const canvas = page.locator('.maplibregl-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no map canvas');
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // The map, reached by the keyboard, shows that it has the focus.
  await page.keyboard.press('Shift+Tab');
  await canvas.focus();
  await expect(canvas).toBeFocused();
  expect(await canvas.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});
