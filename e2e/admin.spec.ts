import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN, DEV_API_KEY } from './env.ts';

/**
 * Admin journeys, against the built-in service and over HTTP. Over HTTP the tests share one server, so each
 * test makes its own names and codes.
 */
const explorer = (page: Page) => page.getByRole('complementary', { name: 'Explorer' });
const admin = (page: Page) => page.getByRole('complementary', { name: 'Admin' });
const regionForm = (page: Page) => admin(page).getByRole('form', { name: 'New region' });
const provinceForm = (page: Page) => admin(page).getByRole('form', { name: 'New province' });
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase().replace(/^\d/, 'Q');

/** Creates a record as another client would, behind this page's back. */
async function postAsAnotherClient(page: Page, path: string, body: unknown) {
  const base = test.info().project.name === 'http' ? API_ORIGIN : '';
  return page.evaluate(
    async ({ url, body, key }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { url: `${base}${path}`, body, key: DEV_API_KEY },
  );
}

test('create a region, then a province in it; both are in the explorer and survive a reload', {
  tag: '@mobile',
}, async ({ page }) => {
  const code = unique();
  const regionName = `Region of Test ${code}`;
  const provinceName = `Province of Test ${code}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/#admin$/);

  await regionForm(page).getByLabel('Name').fill(regionName);
  await regionForm(page).getByLabel('Short code').fill(code.toLowerCase());
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByRole('status')).toHaveText(`Created region ${regionName} (${code}).`);
  await expect(regionForm(page).getByLabel('Name')).toHaveValue('');
  // The explorer's list shows it without a reload.
  await expect(explorer(page).getByRole('button', { name: regionName })).toBeVisible();

  await provinceForm(page).getByLabel('Name').fill(provinceName);
  await provinceForm(page).getByLabel('Short code').fill(`P${code}`);
  await provinceForm(page).getByLabel('Region').selectOption({ label: regionName });
  await provinceForm(page).getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm(page).getByRole('status')).toHaveText(
    `Created province ${provinceName} (P${code}) in ${regionName}.`,
  );
  const created = admin(page).getByRole('list', { name: 'Created records' });
  await expect(created.getByRole('button', { name: new RegExp(`^${regionName}`) })).toBeVisible();
  await expect(created.getByRole('button', { name: new RegExp(`^${provinceName}`) })).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-created-${test.info().project.name}.png` });

  // Found in the explorer: the region, then the province under it; neither has a boundary to draw.
  await admin(page).getByRole('button', { name: 'Close' }).click();
  await expect(admin(page)).toHaveCount(0);
  await explorer(page).getByRole('button', { name: regionName }).click();
  await expect(explorer(page).getByRole('heading', { level: 1 })).toHaveText(regionName);
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(regionName);
  await explorer(page).getByRole('button', { name: provinceName }).click();
  await expect(explorer(page).getByRole('heading', { level: 1 })).toHaveText(provinceName);
  await expect(explorer(page).getByText('No cities and municipalities.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(provinceName);
  await page.screenshot({ path: `screenshots/admin-no-boundary-${test.info().project.name}.png` });

  // A reload restores the view and the records; the admin's list opens them in the explorer.
  await page.reload();
  await expect(explorer(page).getByRole('heading', { level: 1 })).toHaveText(provinceName);
  await expect(explorer(page).getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(regionName);
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await expect(created.getByRole('button', { name: new RegExp(`^${provinceName}`) })).toBeVisible();
  await created.getByRole('button', { name: new RegExp(`^${regionName}`) }).click();
  await expect(explorer(page).getByRole('button', { name: provinceName })).toBeVisible();
});

test('bad input is explained at the field, nothing is sent, and the typed values stay', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/v1/regions')) posts.push(r.url());
  });
  await page.goto('/#admin');
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByLabel('Name')).toBeFocused();
  await expect(regionForm(page).getByText('Enter a name.')).toBeVisible();

  await regionForm(page).getByLabel('Name').fill('Fourth Region');
  await regionForm(page).getByLabel('Short code').fill('4-A');
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByLabel('Short code')).toHaveAttribute('aria-invalid', 'true');
  await expect(regionForm(page).getByLabel('Short code')).toHaveAccessibleDescription(/starting with a letter/);
  // A code the client already knows is taken.
  await regionForm(page).getByLabel('Short code').fill('ncr');
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByText('A region with code NCR already exists.')).toBeVisible();
  await expect(regionForm(page).getByLabel('Name')).toHaveValue('Fourth Region');
  await expect(regionForm(page).getByLabel('Short code')).toHaveValue('ncr');
  expect(posts).toEqual([]);
  await page.screenshot({ path: `screenshots/admin-bad-input-${test.info().project.name}.png` });
});

test('a duplicate only the service knows of is shown at its field, and the values stay', async ({ page }) => {
  const code = unique();
  await page.goto('/#admin');
  await expect(provinceForm(page).getByLabel('Region')).toContainText('Region VII (Central Visayas)');
  // Another admin takes the code after this page loaded its lists.
  expect(await postAsAnotherClient(page, '/v1/provinces', { name: `Other ${code}`, code, region_id: '7' })).toBe(201);

  await provinceForm(page).getByLabel('Name').fill(`Mine ${code}`);
  await provinceForm(page).getByLabel('Short code').fill(code);
  await provinceForm(page).getByLabel('Region').selectOption({ label: 'Region VII (Central Visayas)' });
  await provinceForm(page).getByRole('button', { name: 'Create province' }).click();
  const codeField = provinceForm(page).getByLabel('Short code');
  await expect(codeField).toHaveAccessibleDescription(new RegExp(`A province with code ${code} already exists`));
  await expect(codeField).toBeFocused();
  await expect(provinceForm(page).getByLabel('Name')).toHaveValue(`Mine ${code}`);
  await expect(provinceForm(page).getByLabel('Region')).toHaveValue('7');

  // Renaming the code is enough to save it.
  await codeField.fill(`${code}B`);
  await provinceForm(page).getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm(page).getByRole('status')).toContainText(`Created province Mine ${code}`);
});

test('a refused key opens the key settings, keeps the form, and the right key saves it', async ({ page }) => {
  const code = unique();
  await page.goto('/#admin');
  await regionForm(page).getByLabel('Name').fill(`Keyed ${code}`);
  await regionForm(page).getByLabel('Short code').fill(code);
  await page.evaluate(() => sessionStorage.setItem('kapuluan.api-key', 'expired-key'));
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key' });
  await expect(dialog).toBeVisible();
  await expect(regionForm(page).getByRole('alert')).toContainText('refused the API key');
  await dialog.getByLabel('Key').fill('kapuluan-dev-key');
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await expect(regionForm(page).getByLabel('Name')).toHaveValue(`Keyed ${code}`);
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByRole('status')).toHaveText(`Created region Keyed ${code} (${code}).`);
});

test('a double click creates one record', async ({ page }) => {
  const code = unique();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/v1\/regions$/.test(r.url())) posts.push(r.url());
  });
  await page.goto('/#admin');
  await regionForm(page).getByLabel('Name').fill(`Twice ${code}`);
  await regionForm(page).getByLabel('Short code').fill(code);
  await regionForm(page).getByRole('button', { name: 'Create region' }).dblclick();
  await expect(regionForm(page).getByRole('status')).toHaveText(`Created region Twice ${code} (${code}).`);
  await expect(explorer(page).getByRole('button', { name: `Twice ${code}` })).toHaveCount(1);
  await expect(regionForm(page).getByRole('alert')).toHaveCount(0);
  expect(posts).toHaveLength(1);
});

test('a hostile name renders as text everywhere and runs nothing', async ({ page }) => {
  const hostile = `<img src=x onerror="window.__pwned=1"> ${unique()}`;
  const code = unique();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/#admin');
  await regionForm(page).getByLabel('Name').fill(hostile);
  await regionForm(page).getByLabel('Short code').fill(code);
  await regionForm(page).getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm(page).getByRole('status')).toContainText(hostile);
  await provinceForm(page).getByLabel('Name').fill(hostile);
  await provinceForm(page).getByLabel('Short code').fill(`P${code}`);
  await provinceForm(page).getByLabel('Region').selectOption({ label: hostile });
  await provinceForm(page).getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm(page).getByRole('status')).toContainText(`in ${hostile}`);
  await expect(admin(page).getByRole('list', { name: 'Created records' })).toContainText(hostile);

  await admin(page).getByRole('button', { name: 'Close' }).click();
  await explorer(page).getByRole('button', { name: hostile }).click();
  await expect(explorer(page).getByRole('heading', { level: 1 })).toHaveText(hostile);
  await expect(explorer(page).getByRole('button', { name: hostile })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(hostile);
  await explorer(page).getByRole('button', { name: hostile }).click();
  await expect(explorer(page).getByRole('heading', { level: 1 })).toHaveText(hostile);

  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await page.screenshot({ path: `screenshots/admin-hostile-${test.info().project.name}.png` });
});
