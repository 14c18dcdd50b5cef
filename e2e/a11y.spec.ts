import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { renderedCodes } from './map.ts';

/**
 * axe-core over every main view: no serious or critical violation. The map canvas itself is left to MapLibre
 * (its controls are scanned); everything it offers is reachable through the panels' lists.
 */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Explorer' });

test('country, region, province and municipality views', async ({ page }) => {
  await page.goto('/');
  await renderedCodes(page, 'regions-fill');
  expect(await violations(page)).toEqual([]);

  await page.goto('/?region=7');
  await expect(panel(page).getByRole('list', { name: 'Provinces' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/?region=7&province=7022');
  await expect(panel(page).getByRole('list', { name: 'Cities and municipalities' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/?region=13&province=13000&municity=1380600');
  await expect(panel(page).getByRole('list', { name: 'Barangays' })).toBeVisible();
  await renderedCodes(page, 'barangays-fill');
  expect(await violations(page)).toEqual([]);
});

test('search open, admin forms with errors, and the settings dialog', async ({ page }) => {
  await page.goto('/');
  await panel(page).getByRole('combobox', { name: 'Search places' }).fill('san jose');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/#admin');
  const form = page.getByRole('form', { name: 'New region' });
  await form.getByRole('button', { name: 'Create region' }).click();
  await expect(form.getByText('Enter a name.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'API key' }).click();
  await expect(page.getByRole('dialog', { name: 'API key' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
