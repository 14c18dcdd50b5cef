import { expect, test } from './fixtures.ts';

/**
 * Admin journeys, against the built-in service and over HTTP (@http: the server stores what they create). Over
 * HTTP the tests share one server, so each test makes its own names and codes.
 */
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase().replace(/^\d/, 'Q');

test('create a region, then a province in it; both are in the explorer and survive a reload', {
  tag: ['@mobile', '@http', '@live'],
}, async ({ page, admin, explorer, saveScreenshot }) => {
  const code = unique();
  const regionName = `Region of Test ${code}`;
  const provinceName = `Province of Test ${code}`;
  const { regionForm, provinceForm, created } = admin;
  await page.goto('/');
  await admin.open();
  await expect(page).toHaveURL(/#admin$/);

  await regionForm.getByLabel('Name').fill(regionName);
  await regionForm.getByLabel('Short code').fill(code.toLowerCase());
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByRole('status')).toHaveText(`Created region ${regionName} (${code}).`);
  await expect(regionForm.getByLabel('Name')).toHaveValue('');
  // The explorer's list shows it without a reload.
  await expect(explorer.item(regionName)).toBeVisible();

  await provinceForm.getByLabel('Name').fill(provinceName);
  await provinceForm.getByLabel('Short code').fill(`P${code}`);
  await provinceForm.getByLabel('Region').selectOption({ label: `${regionName} (${code})` });
  await provinceForm.getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm.getByRole('status')).toHaveText(
    `Created province ${provinceName} (P${code}) in ${regionName}.`,
  );
  await expect(created.getByRole('button', { name: new RegExp(`^${regionName}`) })).toBeVisible();
  await expect(created.getByRole('button', { name: new RegExp(`^${provinceName}`) })).toBeVisible();
  await saveScreenshot('admin-created');

  // Found in the explorer: the region, then the province under it; neither has a boundary to draw.
  await admin.close();
  await explorer.open(regionName);
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(regionName);
  await explorer.open(provinceName);
  await expect(explorer.panel.getByText('No cities and municipalities.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(provinceName);
  await saveScreenshot('admin-no-boundary');

  // A reload restores the view and the records; the admin's list opens them in the explorer.
  await page.reload();
  await expect(explorer.title).toHaveText(provinceName);
  await expect(explorer.breadcrumbs).toContainText(regionName);
  await admin.open();
  await expect(created.getByRole('button', { name: new RegExp(`^${provinceName}`) })).toBeVisible();
  await created.getByRole('button', { name: new RegExp(`^${regionName}`) }).click();
  await expect(explorer.item(provinceName)).toBeVisible();
});

test('bad input is explained at the field, nothing is sent, and the typed values stay', {
  tag: '@http',
}, async ({ page, admin, network, saveScreenshot }) => {
  const { regionForm } = admin;
  await page.goto('/#admin');
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByLabel('Name')).toBeFocused();
  await expect(regionForm.getByText('Enter a name.')).toBeVisible();

  await regionForm.getByLabel('Name').fill('Fourth Region');
  await regionForm.getByLabel('Short code').fill('4-A');
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByLabel('Short code')).toHaveAttribute('aria-invalid', 'true');
  await expect(regionForm.getByLabel('Short code')).toHaveAccessibleDescription(/starting with a letter/);
  // A code the client already knows is taken.
  await regionForm.getByLabel('Short code').fill('ncr');
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByText('A region with code NCR already exists.')).toBeVisible();
  await expect(regionForm.getByLabel('Name')).toHaveValue('Fourth Region');
  await expect(regionForm.getByLabel('Short code')).toHaveValue('ncr');
  expect(network.requests({ url: '/v1/regions', method: 'POST' })).toEqual([]);
  await saveScreenshot('admin-bad-input');
});

test('a duplicate only the service knows of is shown at its field, and the values stay', {
  tag: '@http',
}, async ({ page, admin, api }) => {
  const { provinceForm } = admin;
  const code = unique();
  await page.goto('/#admin');
  await expect(provinceForm.getByLabel('Region')).toContainText('Region VII (Central Visayas)');
  // Another admin takes the code after this page loaded its lists.
  const other = await api.call('/v1/provinces', {
    method: 'POST',
    body: { name: `Other ${code}`, code, region_id: '7' },
  });
  expect(other.status).toBe(201);

  await provinceForm.getByLabel('Name').fill(`Mine ${code}`);
  await provinceForm.getByLabel('Short code').fill(code);
  await provinceForm.getByLabel('Region').selectOption({ label: 'Region VII (Central Visayas) (VII)' });
  await provinceForm.getByRole('button', { name: 'Create province' }).click();
  const codeField = provinceForm.getByLabel('Short code');
  await expect(codeField).toHaveAccessibleDescription(new RegExp(`A province with code ${code} already exists`));
  await expect(codeField).toBeFocused();
  await expect(provinceForm.getByLabel('Name')).toHaveValue(`Mine ${code}`);
  await expect(provinceForm.getByLabel('Region')).toHaveValue('7');

  // Renaming the code is enough to save it.
  await codeField.fill(`${code}B`);
  await provinceForm.getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm.getByRole('status')).toContainText(`Created province Mine ${code}`);
});

test('a refused key opens the key settings, keeps the form, and the right key saves it', {
  tag: '@http',
}, async ({ page, admin, explorer }) => {
  const { regionForm } = admin;
  const code = unique();
  await page.goto('/#admin');
  await regionForm.getByLabel('Name').fill(`Keyed ${code}`);
  await regionForm.getByLabel('Short code').fill(code);
  await explorer.keepKey('expired-key');
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(explorer.keyDialog).toBeVisible();
  await expect(regionForm.getByRole('alert')).toContainText('refused the API key');
  await explorer.enterKey();
  await expect(regionForm.getByLabel('Name')).toHaveValue(`Keyed ${code}`);
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByRole('status')).toHaveText(`Created region Keyed ${code} (${code}).`);
});

test('a double click creates one record', { tag: '@http' }, async ({ page, admin, explorer, network }) => {
  const { regionForm } = admin;
  const code = unique();
  await page.goto('/#admin');
  await regionForm.getByLabel('Name').fill(`Twice ${code}`);
  await regionForm.getByLabel('Short code').fill(code);
  await regionForm.getByRole('button', { name: 'Create region' }).dblclick();
  await expect(regionForm.getByRole('status')).toHaveText(`Created region Twice ${code} (${code}).`);
  await expect(explorer.item(`Twice ${code}`)).toHaveCount(1);
  await expect(regionForm.getByRole('alert')).toHaveCount(0);
  expect(network.requests({ url: /\/v1\/regions$/, method: 'POST' })).toHaveLength(1);
});

test('a hostile name renders as text everywhere and runs nothing', { tag: '@http' }, async ({
  page,
  admin,
  explorer,
  saveScreenshot,
}) => {
  const { regionForm, provinceForm } = admin;
  const hostile = `<img src=x onerror="window.__pwned=1"> ${unique()}`;
  const code = unique();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/#admin');
  await regionForm.getByLabel('Name').fill(hostile);
  await regionForm.getByLabel('Short code').fill(code);
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByRole('status')).toContainText(hostile);
  await provinceForm.getByLabel('Name').fill(hostile);
  await provinceForm.getByLabel('Short code').fill(`P${code}`);
  await provinceForm.getByLabel('Region').selectOption({ label: `${hostile} (${code})` });
  await provinceForm.getByRole('button', { name: 'Create province' }).click();
  await expect(provinceForm.getByRole('status')).toContainText(`in ${hostile}`);
  await expect(admin.created).toContainText(hostile);

  await admin.close();
  await explorer.open(hostile);
  await expect(explorer.item(hostile)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No boundary yet' })).toContainText(hostile);
  await explorer.open(hostile);

  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await saveScreenshot('admin-hostile');
});

test('opening the admin area over a province asks for no boundary', async ({ page, admin, explorer, map, network }) => {
  await page.goto('/?region=7&province=7022');
  await expect(explorer.title).toHaveText('Cebu');
  await map.drawn('towns-fill');
  await network.settled();
  const before = network.requests({ url: /[?&]geometry=/ }).length;
  expect(before).toBeGreaterThan(0); // the explorer behind it drew its boundaries

  await admin.open();
  await admin.provinceForm.getByLabel('Region').selectOption({ label: 'Region VII (Central Visayas) (VII)' });
  await admin.regionForm.getByLabel('Name').fill('Region of the Form');
  await network.settled();
  expect(network.requests({ url: /[?&]geometry=/ }).slice(before)).toEqual([]);
});

test('a created region with eleven provinces lists all eleven, where the live service pages ten', {
  tag: '@live-only',
}, async ({ page, api, explorer }) => {
  const code = unique();
  await page.goto('/');
  const region = await api.call('/v1/regions', { method: 'POST', body: { name: `Eleven ${code}`, code } });
  expect(region.status).toBe(201);
  for (let i = 1; i <= 11; i++) {
    const body = { name: `Province ${i} of ${code}`, code: `P${i}${code}`.slice(0, 10), region_id: region.body.id };
    expect((await api.call('/v1/provinces', { method: 'POST', body })).status).toBe(201);
  }
  // The service gives ten, as the live service does, unless asked for more.
  const first = await api.call(`/v1/provinces?region_id=${region.body.id}`);
  expect(first.body.data).toHaveLength(10);
  expect(first.body.meta.total).toBe(11);
  await page.reload();
  await explorer.open(`Eleven ${code}`);
  await expect(explorer.list('Provinces').getByRole('listitem')).toHaveCount(11);
  await expect(explorer.item(`Province 11 of ${code}`)).toBeVisible();
});
