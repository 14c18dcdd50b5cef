import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

test('country → region → province → municipality → barangays, each step on the map and in the URL', {
  tag: ['@mobile', '@live'],
}, async ({ page, explorer, map, saveScreenshot }) => {
  await page.goto('/');
  await map.drawn(LAYER.regionsFill, (codes) => expect(codes).toHaveLength(18));
  await saveScreenshot('explorer-1-country');

  await explorer.open('Region VII (Central Visayas)');
  await expect(page).toHaveURL(/region=0700000000/);
  await explorer.open('Cebu');
  await expect(page).toHaveURL(/province=0702200000/);
  await map.drawn(LAYER.townsFill, (towns) => {
    expect(towns).toContain('0730600000'); // Cebu City, an independent city lying in Cebu
    expect(towns.length).toBeGreaterThan(40);
  });
  await saveScreenshot('explorer-2-province');

  await explorer.panel.getByLabel('Filter cities and municipalities').fill('carc');
  await explorer.open(/City of Carcar/);
  await expect(page).toHaveURL(/municity=/);
  await map.drawn(LAYER.barangaysFill, (barangays) => {
    expect(barangays).toHaveLength(15);
    for (const code of barangays) expect(code.startsWith('0702214')).toBe(true);
  });
  await expect(explorer.list('Barangays').getByRole('listitem')).toHaveCount(15);
  await saveScreenshot('explorer-3-municipality');

  await explorer.item(/^Poblacion I\b/).click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  const selected = new URL(page.url()).searchParams.get('barangay') ?? '';
  await expect.poll(() => map.featureState('barangays', selected)).toMatchObject({ selected: true });
  await saveScreenshot('explorer-4-barangay');

  await page.goBack();
  await expect(page).not.toHaveURL(/barangay=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/municity=/);
  await expect(explorer.panel.getByLabel('Filter cities and municipalities')).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/municity=/);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toHaveLength(15));
});

test('a deep link opens a municipality with its barangays, and the detail level changes keep it', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/?region=13&province=13000&municity=1380600');
  await expect(explorer.title).toHaveText('City of Manila');
  await expect(explorer.breadcrumbs).toContainText('Metro Manila');
  // Metro Manila is the NCR's cities grouped, not a province they stand apart from: no "not part of" it.
  const facts = explorer.panel.getByRole('region', { name: 'Facts: City of Manila' });
  await expect(facts).toContainText('Highly urbanized city');
  await expect(explorer.breadcrumbs).not.toContainText('not part of');
  await expect(facts).not.toContainText('in which it lies');
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(100));
  await expect(explorer.list('Barangays').getByRole('listitem')).toHaveCount(897);

  await expect(page).toHaveTitle('City of Manila — Kapuluan');

  // A change of detail replaces the history entry: Back goes to the place before, not the level before.
  const entries = await page.evaluate(() => history.length);
  await explorer.panel.getByLabel('Detail').selectOption('simple');
  await expect(page).toHaveURL(/level=simple/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(new URL(page.url()).searchParams.get('municity')).toBe('1380600000');
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(100));
  await saveScreenshot('explorer-5-manila-simple');
});

test('"Copy link" puts the link of the view on the clipboard, and the link opens the same view', async ({
  page,
  context,
  explorer,
  map,
  saveScreenshot,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?region=7&province=7022');
  await expect(explorer.title).toHaveText('Cebu');
  await explorer.open('Argao');
  await expect(explorer.title).toHaveText('Argao');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  await saveScreenshot('copy-link');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  expect(new URL(link).searchParams.get('municity')).toBeTruthy();

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('complementary', { name: 'Explorer' }).getByRole('heading', { level: 1 })).toHaveText(
    'Argao',
  );
  await other.close();
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(10));
});

test('picking a barangay far down the list brings its facts into view and the map to it; its link is copied', {
  tag: '@mobile',
}, async ({ page, context, explorer, map, saveScreenshot }) => {
  await page.goto('/?region=13&province=13000&municity=1380600');
  await expect(explorer.title).toHaveText('City of Manila');
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(100));
  await map.still();
  const zoomBefore = await page.evaluate(() => window.kapuluanMap!.getZoom());
  const last = explorer.list('Barangays').getByRole('listitem').last().getByRole('button');
  const name = ((await last.textContent()) ?? '').trim().split(/\s{2,}|\n/)[0];
  await last.scrollIntoViewIfNeeded();
  await last.click();
  const facts = explorer.panel.getByRole('heading', {
    level: 2,
    name: new RegExp(`^${name.split(' ').slice(0, 2).join(' ')}`),
  });
  await expect(facts).toBeInViewport();
  // The map moved in to it: closer than the city's fit, and the barangay is drawn on screen.
  const code = new URL(page.url()).searchParams.get('barangay');
  expect(code).toBeTruthy();
  await expect.poll(() => page.evaluate(() => window.kapuluanMap!.getZoom())).toBeGreaterThan(zoomBefore + 1);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toContain(code));
  await saveScreenshot('explorer-barangay-picked');

  // "Copy link" says it is done where it can be read: inside the screen, on a phone too.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeInViewport({ ratio: 1 });
});

test('a refused key leads to the key prompt, and the right key brings the data', async ({ page, explorer }) => {
  await explorer.startWithKey('wrong-key');
  await page.goto('/');
  await expect(explorer.alert).toContainText('refused the API key');
  await explorer.askForKey();
  await explorer.enterKey();
  await expect(explorer.item('Region VII (Central Visayas)')).toBeVisible();
});

test('several regions drawn together, kept in the URL', async ({ page, explorer, map, saveScreenshot }) => {
  const both = ['0600000000', '0700000000'];
  await page.goto('/');
  await explorer.panel.getByRole('checkbox', { name: 'Draw Region VI (Western Visayas) with other regions' }).check();
  await explorer.panel.getByRole('checkbox', { name: 'Draw Region VII (Central Visayas) with other regions' }).check();
  await expect(page).toHaveURL(/batch=0600000000%2C0700000000|batch=0600000000,0700000000/);
  // Each region's outline arrives on its own: read once, the layer could hold only the first.
  await expect.poll(() => map.codes(LAYER.batchFill)).toEqual(both);
  await expect(explorer.panel.getByRole('status').filter({ hasText: 'drawn together' })).toContainText('2 regions');
  await saveScreenshot('explorer-batch');
  await page.reload();
  await expect.poll(() => map.codes(LAYER.batchFill)).toEqual(both);
});

test('at the region step, clicking the map on a province opens it', async ({ page, explorer, map, saveScreenshot }) => {
  await page.goto('/?region=7');
  await map.drawn(LAYER.regionTownsFill, (codes) => expect(codes).toContain('0701201000')); // Alburquerque, Bohol
  const point = await map.pointOn(LAYER.regionTownsFill, 'province', '7012');
  await page.mouse.move(point.x, point.y);
  await expect(page.getByRole('tooltip')).toContainText('Bohol');
  await saveScreenshot('explorer-region');
  await page.mouse.click(point.x, point.y);
  await expect(page).toHaveURL(/province=0701200000/);
  await expect(explorer.title).toHaveText('Bohol');
});

test('keyboard only: the lists do what clicks on the map do, down to a barangay', async ({ page, explorer, map }) => {
  const { title } = explorer;
  const compareButton = explorer.panel.getByRole('button', { name: 'Compare with…' });
  await page.goto('/');
  await explorer.item('Region VII (Central Visayas)').focus();
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Region VII (Central Visayas)');
  await expect(title).toBeFocused();
  await expect(explorer.list('Provinces')).toBeVisible();
  await expect(explorer.panel.getByRole('region', { name: /^Facts: / })).toBeVisible();
  await page.keyboard.press('Tab'); // the step's first stop: Compare with…
  await expect(compareButton).toBeFocused();
  await page.keyboard.press('Tab'); // the region's facts: the copy of its PSGC code
  await expect(explorer.panel.getByRole('button', { name: /Copy PSGC code/ })).toBeFocused();
  await page.keyboard.press('Tab'); // the order of the provinces
  await expect(explorer.panel.getByRole('combobox', { name: /Sort by/ })).toBeFocused();
  await page.keyboard.press('Tab'); // Bohol
  await page.keyboard.press('Tab'); // Cebu
  await expect(explorer.item('Cebu')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Cebu');
  await expect(title).toBeFocused();
  await expect(explorer.list('Cities and municipalities')).toBeVisible();
  await expect(explorer.panel.getByRole('region', { name: 'Facts: Cebu' })).toBeVisible();
  await page.keyboard.press('Tab'); // Compare with…
  await expect(compareButton).toBeFocused();
  await page.keyboard.press('Tab'); // the province's facts
  await expect(explorer.panel.getByRole('button', { name: /Copy PSGC code/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(explorer.panel.getByLabel('Filter cities and municipalities')).toBeFocused();
  await page.keyboard.type('carc');
  await expect(explorer.list('Cities and municipalities').getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Tab'); // the order of the list
  await expect(explorer.panel.getByRole('combobox', { name: /Sort by/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('City of Carcar');
  await expect(title).toBeFocused();
  await expect(explorer.list('Barangays')).toBeVisible();
  await page.keyboard.press('Tab'); // Compare with…
  await expect(compareButton).toBeFocused();
  await page.keyboard.press('Tab'); // the facts card's copy of the PSGC code, then the order of the list
  await expect(explorer.panel.getByRole('button', { name: /Copy PSGC code/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(explorer.panel.getByRole('combobox', { name: /Sort by/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(explorer.list('Barangays').getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toHaveLength(15));
});

test('returning to a province already seen asks the service nothing again', { tag: '@http' }, async ({
  page,
  explorer,
  map,
  network,
}) => {
  // Each step finishes loading before the journey moves on. A download the app gives up when the user moves on
  // can have reached the page whole (Playwright reports it answered) while the app was still reading it: then
  // asking again is right, and this journey could not tell the two apart.
  const settle = async () => {
    await map.still();
    await network.settled();
  };
  await page.goto('/?region=7');
  await settle();
  await explorer.open('Cebu');
  await map.drawn(LAYER.townsFill, (codes) => expect(codes).toContain('0730600000'));
  await settle();
  await explorer.up(/Region VII/);
  await settle();
  await explorer.open('Bohol');
  await settle();
  await page.goBack();
  await page.goBack();
  await expect(explorer.title).toHaveText('Cebu');
  await map.drawn(LAYER.townsFill, (codes) => expect(codes).toContain('0730600000'));
  await settle();
  // Cebu was answered at the region's level and at its own, and no answer came twice: an answer that arrived is
  // never asked for again.
  const answered = network
    .requests({ url: '/v1/provinces/', outcome: 'answered' })
    .map(({ url }) => new URL(url).pathname + new URL(url).search);
  expect(answered.some((p) => p.startsWith('/v1/provinces/7022?'))).toBe(true);
  expect(answered.filter((p, i) => answered.indexOf(p) !== i)).toEqual([]);
});

test('around an opened city its neighbours are drawn as land, and each place around is named once', async ({
  page,
  map,
  saveScreenshot,
}) => {
  // Rendered names of the places around, by code: a place's own polygon labels repeated once per island.
  const labels = () =>
    page.evaluate(() =>
      (window.kapuluanMap?.queryRenderedFeatures({ layers: ['context-label'] }) ?? []).map((f) => ({
        code: String(f.properties.code),
        name: String(f.properties.name),
      })),
    );
  await page.goto('/?region=11&province=11024&municity=1130700');
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(100));
  // The towns around Davao City are drawn (as land, in the muted colours of the places around), not left as sea.
  await map.drawn(LAYER.contextFill, (codes) => expect(codes.length).toBeGreaterThan(5));
  await expect.poll(async () => (await labels()).length).toBeGreaterThan(3);
  const around = await labels();
  expect(around.length).toBe(new Set(around.map((l) => l.code)).size);
  await saveScreenshot('explorer-davao-city-around');

  // Around Cebu, Bohol (dozens of islands) is named once.
  await page.goto('/?region=7&province=7022');
  await map.drawn(LAYER.contextFill, (codes) => expect(codes).toContain('0701200000'));
  await expect.poll(async () => (await labels()).filter((l) => l.name === 'Bohol').length).toBe(1);
  const names = await labels();
  expect(names.length).toBe(new Set(names.map((l) => l.code)).size);
  await saveScreenshot('explorer-cebu-around');
});

test('around a province, the places beside it are drawn at its detail and named: the Davao City–Davao del Norte border reads on both sides', async ({
  page,
  map,
  saveScreenshot,
}) => {
  // Davao del Sur, whose list holds Davao City (a city that stands apart), at the finest detail.
  await page.goto('/?region=11&province=11024&level=detailed');
  await map.drawn(LAYER.townsFill, (codes) => expect(codes).toContain('1130700000'));
  await map.drawn(LAYER.contextFill, (codes) => {
    expect(codes).toContain('1102300000'); // Davao del Norte
    expect(codes).not.toContain('1102400000'); // the province itself is drawn by its towns
    expect(codes).not.toContain('1130700000'); // as is Davao City
  });
  // Below the country the regions' simple outlines give way to the places around.
  await expect.poll(() => map.codes(LAYER.regionsFill)).toEqual([]);

  const city = await map.pointOn(LAYER.townsFill, 'code', '1130700000');
  await page.mouse.move(city.x, city.y);
  await expect(page.getByRole('tooltip')).toHaveText('City of Davao');
  const north = await map.pointOn(LAYER.contextFill, 'code', '1102300000');
  await page.mouse.move(north.x, north.y);
  await expect(page.getByRole('tooltip')).toHaveText('Davao del Norte, Region XI (Davao Region)');
  await saveScreenshot('explorer-context-davao');

  // A click on a place around enters it, as the list would.
  await page.mouse.click(north.x, north.y);
  await expect(page).toHaveURL(/region=1100000000&province=1102300000\b/);
});
