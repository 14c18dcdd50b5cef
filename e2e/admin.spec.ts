import type { Locator } from '@playwright/test';
import { violations } from './axe.ts';
import { DEV_API_KEY } from './env.ts';
import { expect, type MapProbe, tabTo, test } from './fixtures.ts';
import { LAYER, SOURCE } from './layers.ts';

/**
 * Admin journeys, against the built-in service and over HTTP (@http: the server stores what they create). Over
 * HTTP the tests share one server, so each test makes its own names and codes.
 */
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase().replace(/^\d/, 'Q');

test('create a region, then a province in it; both are in the explorer and survive a reload', {
  tag: '@live',
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
  await admin.createEmptyProvince();
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

test('bad input is explained at the field, nothing is sent, and the typed values stay', async ({
  page,
  admin,
  network,
  saveScreenshot,
}) => {
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
  await admin.createEmptyProvince();
  const codeField = provinceForm.getByLabel('Short code');
  await expect(codeField).toHaveAccessibleDescription(new RegExp(`A province with code ${code} already exists`));
  await expect(codeField).toBeFocused();
  await expect(provinceForm.getByLabel('Name')).toHaveValue(`Mine ${code}`);
  await expect(provinceForm.getByLabel('Region')).toHaveValue('7');

  // Renaming the code is enough to save it.
  await codeField.fill(`${code}B`);
  await admin.createEmptyProvince();
  await expect(provinceForm.getByRole('status')).toContainText(`Created province Mine ${code}`);
});

test('a refused admin key is dropped and asked for again; the form keeps its values and an admin key saves it', {
  tag: '@http-only',
}, async ({ page, admin }) => {
  const { regionForm } = admin;
  const code = unique();
  await page.goto('/#admin');
  await expect(admin.keyForm).toHaveCount(0); // the servers' admin key is in this tab's session
  await regionForm.getByLabel('Name').fill(`Keyed ${code}`);
  await regionForm.getByLabel('Short code').fill(code);
  await admin.keepAdminKey('revoked-key');
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByRole('alert')).toContainText('refused the admin key');
  await expect(admin.keyField).toBeFocused();
  await admin.enterAdminKey();
  await expect(admin.keyHeld).toBeVisible(); // checked with the server, and kept
  await expect(regionForm.getByLabel('Name')).toHaveValue(`Keyed ${code}`);
  await regionForm.getByRole('button', { name: 'Create region' }).click();
  await expect(regionForm.getByRole('status')).toHaveText(`Created region Keyed ${code} (${code}).`);
});

test.describe('with only a read key in the app', () => {
  test.use({ adminKeyInSession: false });

  test('the admin area asks for an admin key, refuses a read key, saves, shows the history, undoes and restores', {
    tag: '@http-only',
  }, async ({ page, admin, explorer, saveScreenshot }) => {
    const { regionForm, created } = admin;
    const code = unique();
    const name = `Audited ${code}`;
    await page.goto('/');
    await admin.open();
    await expect(admin.keyForm).toBeVisible();
    await expect(admin.keyForm).toContainText('changing it needs an admin key');

    // A save with the app's read key is refused, saying why, and nothing is created.
    await regionForm.getByLabel('Name').fill(name);
    await regionForm.getByLabel('Short code').fill(code);
    await regionForm.getByRole('button', { name: 'Create region' }).click();
    await expect(regionForm.getByRole('alert')).toContainText('read key, which cannot change the map');
    await expect(admin.keyField).toBeFocused();

    // The read key typed as an admin key is refused plainly, and not kept.
    await admin.enterAdminKey(DEV_API_KEY);
    await expect(admin.keyForm.getByRole('alert')).toHaveText(
      /That is a read key: it shows the map but cannot change it/,
    );
    await expect(admin.keyField).toBeVisible();
    await saveScreenshot('admin-read-key-refused');
    expect(await violations(page)).toEqual([]);
    await admin.enterAdminKey('not-a-key-of-this-server');
    await expect(admin.keyForm.getByRole('alert')).toContainText('The server does not know that key');

    await admin.enterAdminKey();
    await expect(admin.keyHeld).toBeVisible();
    await regionForm.getByRole('button', { name: 'Create region' }).click();
    await expect(regionForm.getByRole('status')).toHaveText(`Created region ${name} (${code}).`);

    // Renamed, then its history says who did what.
    await created.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = admin.panel.getByRole('form', { name: `Rename ${name}` });
    await rename.getByLabel('Name').fill(`${name} Renamed`);
    await rename.getByRole('button', { name: 'Save' }).click();
    const renamed = `${name} Renamed`;
    await expect(created.getByRole('button', { name: new RegExp(`^${renamed}`) })).toBeVisible();
    await created.getByRole('button', { name: `History of ${renamed}` }).click();
    const history = created.getByRole('list', { name: `History of ${renamed}` });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(0)).toContainText(`Renamed from ${name} to ${renamed}`);
    await expect(history.getByRole('listitem').nth(0)).toContainText(/by ADMIN_KEYS [0-9a-f]{8}/);
    await expect(history.getByRole('listitem').nth(1)).toContainText(`Created as ${name} (${code})`);
    await saveScreenshot('admin-history');
    expect(await violations(page)).toEqual([]);

    // Undone, it is listed among the undone; restored, it is back in the explorer as it was.
    await created.getByRole('button', { name: `Undo ${renamed}` }).click();
    await admin.panel.getByRole('button', { name: 'Undo region', exact: true }).click();
    await expect(created.getByRole('button', { name: new RegExp(`^${renamed}`) })).toHaveCount(0);
    const undone = admin.panel.getByRole('list', { name: 'Undone records' });
    await expect(undone).toContainText(renamed);
    await saveScreenshot('admin-undone');
    expect(await violations(page)).toEqual([]);
    await undone.getByRole('button', { name: `Restore ${renamed}` }).click();
    await expect(created.getByRole('button', { name: new RegExp(`^${renamed}`) })).toBeVisible();
    await expect(undone.getByRole('button', { name: `Restore ${renamed}` })).toHaveCount(0);
    await admin.close();
    await expect(explorer.item(renamed)).toBeVisible();
  });
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

  // A busy page can take the second click only once the first one's answer is back and the form emptied: it
  // submits nothing then either, and "Created" stays. The two clicks are made apart here, the second once the
  // first is saved, so this order is the one tested whatever the machine's speed.
  await regionForm.getByLabel('Name').fill(`Late ${code}`);
  await regionForm.getByLabel('Short code').fill(`L${code}`);
  const button = await regionForm.getByRole('button', { name: 'Create region' }).boundingBox();
  await page.mouse.move(button!.x + button!.width / 2, button!.y + button!.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(regionForm.getByRole('status')).toHaveText(`Created region Late ${code} (L${code}).`);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await expect(regionForm.getByText('Enter a name.')).toHaveCount(0);
  await expect(regionForm.getByRole('status')).toHaveText(`Created region Late ${code} (L${code}).`);
  expect(network.requests({ url: /\/v1\/regions$/, method: 'POST' })).toHaveLength(2);
});

test('a hostile name renders as text everywhere and runs nothing', async ({
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
  await admin.createEmptyProvince();
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

test('Enter in a search field creates nothing; the towns of the chosen region are picked from the keyboard; Enter in a field says what moves, and the province made is opened', async ({
  page,
  admin,
  explorer,
  network,
  saveScreenshot,
}) => {
  const { provinceForm, regionForm } = admin;
  const code = unique();
  await page.goto('/#admin');
  // Enter in the region form's search of places: nothing is sent.
  await regionForm.getByLabel('Name').fill(`Keyed ${code}`);
  await regionForm.getByLabel('Short code').fill(code);
  await regionForm.getByRole('combobox', { name: 'Find a province or independent city' }).fill('cebu');
  await regionForm.getByRole('combobox', { name: 'Find a province or independent city' }).press('Enter');

  await provinceForm.getByLabel('Name').fill(`Keyed Province ${code}`);
  await provinceForm.getByLabel('Short code').fill(`P${code}`);
  await provinceForm.getByLabel('Region').selectOption({ label: 'Region VII (Central Visayas) (VII)' });
  const search = provinceForm.getByRole('combobox', { name: 'Find a city or municipality' });
  await search.fill('san remigio');
  const results = provinceForm.getByRole('listbox', { name: /Find a city or municipality/ });
  // San Remigio of Cebu is offered; San Remigio of Antique (Region VI) is not.
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option')).toContainText('Cebu');
  await search.press('Enter'); // no option is active yet: nothing is picked, nothing is created
  await expect(provinceForm.getByRole('list', { name: 'Chosen towns' })).toHaveCount(0);
  expect(network.requests({ method: 'POST' })).toEqual([]);

  // The arrows move through the results; Enter picks the active one, and again takes it out.
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await search.press('Enter');
  await expect(results.getByRole('option', { selected: true })).toContainText('San Remigio');
  await expect(provinceForm.getByRole('list', { name: 'Chosen towns' })).toContainText('San Remigio');
  await search.press('Enter');
  await expect(provinceForm.getByRole('list', { name: 'Chosen towns' })).toHaveCount(0);
  await search.press('Enter');
  await expect(provinceForm.getByRole('list', { name: 'Chosen towns' })).toContainText('San Remigio');
  await saveScreenshot('admin-town-picker-keyboard');
  expect(network.requests({ method: 'POST' })).toEqual([]);

  // A province of no towns says what it will be before anything is created.
  await provinceForm.getByRole('button', { name: 'Remove San Remigio' }).click();
  await provinceForm.getByLabel('Name').press('Enter');
  const check = provinceForm.getByRole('group', { name: /with no cities or municipalities/ });
  await expect(check).toContainText(`Keyed Province ${code} (P${code}) will be a new province of Region VII`);
  await expect(check.getByRole('button', { name: 'Create the empty province' })).toBeFocused();
  await saveScreenshot('admin-empty-province-check');
  expect(network.requests({ method: 'POST' })).toEqual([]);
  await check.getByRole('button', { name: 'Go back and choose towns' }).click();
  await expect(check).toHaveCount(0);
  await expect(provinceForm.getByLabel('Name')).toHaveValue(`Keyed Province ${code}`);
  expect(network.requests({ method: 'POST' })).toEqual([]);

  // Made of a town, Enter in its name says what moves out of where, and waits: no town leaves on a keystroke.
  await search.fill('san remigio');
  await search.press('ArrowDown');
  await search.press('Enter');
  await provinceForm.getByLabel('Name').press('Enter');
  const moves = provinceForm.getByRole('group', { name: /made of 1 city or municipality/ });
  await expect(moves).toContainText('San Remigio moves out of Cebu');
  await expect(moves.getByRole('button', { name: 'Create the province' })).toBeFocused();
  expect(network.requests({ method: 'POST' })).toEqual([]);
  // Created from there, it is opened in the explorer, as a new region made of provinces is.
  await page.keyboard.press('Enter');
  await expect(explorer.title).toHaveText(`Keyed Province ${code}`, { timeout: 30_000 });
  await expect(explorer.item(/^San Remigio/)).toBeVisible();
});

/** Whether what a source draws lies between the explorer's panel and the admin area, where it can be seen. */
async function inSight(map: MapProbe, source: string, left: Locator, right: Locator) {
  await map.still();
  const [west, south, east, north] = (await map.boundsOf(source))!;
  const southWest = await map.pointAt([west, south]);
  const northEast = await map.pointAt([east, north]);
  const explorer = (await left.boundingBox())!;
  const admin = (await right.boundingBox())!;
  expect(southWest.x, `${source} starts right of the explorer`).toBeGreaterThanOrEqual(explorer.x + explorer.width);
  expect(northEast.x, `${source} ends left of the admin area`).toBeLessThanOrEqual(admin.x);
}

test('keyboard alone: a region of provinces found by name, previewed, created, renamed, undone and restored', async ({
  page,
  admin,
  explorer,
  map,
  network,
  saveScreenshot,
}) => {
  // Five changes on a software-rendered map, each read back by the explorer.
  test.setTimeout(180_000);
  const { regionForm, created } = admin;
  const code = unique();
  const name = `Northern Isles ${code}`;
  await page.goto('/');
  await map.drawn(LAYER.regionsFill);
  await tabTo(page.getByRole('button', { name: 'Skip to the admin area' }));
  await page.keyboard.press('Enter');
  await expect(admin.panel.getByRole('heading', { name: 'Admin', level: 2 })).toBeFocused();

  await tabTo(regionForm.getByLabel('Name'));
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(code);
  // The province finder forgives a typo, as the main search does.
  const find = regionForm.getByRole('combobox', { name: 'Find a province or independent city' });
  await tabTo(find);
  await page.keyboard.type('camigin');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('misamis oriental');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const members = regionForm.getByRole('list', { name: 'Chosen members' });
  await expect(members).toContainText('Camiguin');
  await expect(members).toContainText('Misamis Oriental');

  // Enter in the name draws the preview and says what moves; nothing is created.
  await tabTo(regionForm.getByLabel('Name'), { back: true });
  await page.keyboard.press('Enter');
  const summary = regionForm.getByText('2 provinces move from Region X.');
  await expect(summary).toBeFocused();
  expect(network.requests({ url: /\/v1\/regions$/, method: 'POST' })).toEqual([]);
  // The camera brings the preview into view beside the admin area, not under it.
  await map.drawn(LAYER.previewLine, (codes) => expect(codes).toContain(code));
  await inSight(map, SOURCE.preview, explorer.panel, admin.panel);
  await saveScreenshot('admin-keyboard-preview');

  // Create region, from its button.
  await page.keyboard.press('Tab');
  await expect(regionForm.getByRole('button', { name: 'Create region' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(explorer.title).toHaveText(name, { timeout: 30_000 });
  await map.drawn(LAYER.regionTownsFill, (codes) => expect(codes.length).toBeGreaterThan(20));
  await inSight(map, SOURCE.regionTowns, explorer.panel, admin.panel);
  // Only what was created is listed as created: the provinces it is made of are the code list's.
  await expect(created.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(created).not.toContainText('Camiguin');
  await expect(created).not.toContainText('Misamis Oriental');

  // Renamed in a form that takes the focus, roomy and plainly framed, whose Save is a button.
  await tabTo(created.getByRole('button', { name: `Rename ${name}` }));
  await page.keyboard.press('Enter');
  const rename = created.getByRole('form', { name: `Rename ${name}` });
  await expect(rename.getByLabel('Name')).toBeFocused();
  expect((await rename.getByLabel('Name').boundingBox())!.width).toBeGreaterThan(250);
  await expect(rename).toHaveCSS('border-top-color', 'rgb(201, 209, 217)');
  await expect(rename.getByRole('button', { name: 'Save' })).toHaveCSS('border-top-style', 'solid');
  await saveScreenshot('admin-keyboard-rename');
  const renamed = `Misamis Isles ${code}`;
  await page.keyboard.press('Control+A');
  await page.keyboard.type(renamed);
  await page.keyboard.press('Enter');
  await expect(created.getByRole('button', { name: `Rename ${renamed}` })).toBeFocused();
  await expect(explorer.title).toHaveText(renamed);

  // Its history says who did it: this browser, not a server's key list.
  await tabTo(created.getByRole('button', { name: `History of ${renamed}` }));
  await page.keyboard.press('Enter');
  const history = created.getByRole('list', { name: `History of ${renamed}` });
  await expect(history.getByRole('listitem').first()).toContainText(`Renamed from ${name} to ${renamed}`);
  await expect(history).toContainText('by you (this browser)');
  await expect(history).not.toContainText('ADMIN_KEYS');

  // Undone after a confirmation whose buttons are buttons: the explorer, which showed it, goes up to the country
  // with nothing broken, and the map draws the regions again, not the undone one's towns.
  await tabTo(created.getByRole('button', { name: `Undo ${renamed}` }));
  await page.keyboard.press('Enter');
  const undo = created.getByRole('button', { name: 'Undo region', exact: true });
  await expect(undo).toBeFocused();
  await expect(undo).toHaveCSS('border-top-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/region=/);
  await expect(explorer.title).toHaveText('Philippines');
  await expect(admin.panel.getByRole('heading', { name: 'Undone' })).toBeFocused();
  await expect.poll(() => map.codes(LAYER.regionTownsFill)).toEqual([]);
  await map.drawn(LAYER.regionsFill, (codes) => expect(codes).toHaveLength(18));
  await expect(explorer.alert).toHaveCount(0);
  await saveScreenshot('admin-keyboard-undone');

  // Restored from the next Tab stop; the focus follows it back into the list of created records.
  await page.keyboard.press('Tab');
  await expect(admin.panel.getByRole('button', { name: `Restore ${renamed}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(created.getByRole('button', { name: new RegExp(`^${renamed}`) })).toBeFocused();
  await expect(explorer.item(renamed)).toBeVisible();

  // The whole history, every unit's changes newest first.
  await tabTo(admin.panel.getByRole('button', { name: 'Show all changes' }));
  await page.keyboard.press('Enter');
  const all = admin.panel.getByRole('list', { name: 'All changes' }).getByRole('listitem');
  await expect(all).toHaveText([
    new RegExp(`^${renamed} \\(region\\): Restored as ${renamed}`),
    new RegExp(`^${renamed} \\(region\\): Undone`),
    new RegExp(`^${renamed} \\(region\\): Renamed from ${name} to ${renamed}`),
    new RegExp(`^${name} \\(region\\): Created as ${name} \\(${code}\\) from 2 provinces and cities`),
  ]);
  await saveScreenshot('admin-keyboard-history');
  expect(await violations(page)).toEqual([]);
});
