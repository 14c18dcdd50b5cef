import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

test('keyboard only: a misspelled town, picked with the arrows and Enter, opens its barangays', {
  tag: '@live',
}, async ({ page, explorer, map, saveScreenshot }) => {
  await page.goto('/');
  await explorer.search.focus();
  await page.keyboard.type('tagbilran');
  await expect(explorer.suggestions.first()).toContainText('City of Tagbilaran');
  await expect(explorer.suggestions.first()).toContainText('City · Bohol · Region VII (Central Visayas)');
  await expect(page.getByRole('status').filter({ hasText: /found/ })).toBeVisible();
  await saveScreenshot('search-open');
  await page.keyboard.press('ArrowDown');
  await expect(explorer.search).toHaveAttribute('aria-activedescendant', /option-0/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/region=0700000000&province=0701200000&municity=0701242000/);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toHaveLength(15));
  await expect(page.getByRole('img', { name: 'Searched place: City of Tagbilaran' })).toBeVisible();
  await saveScreenshot('search-chosen');
});

test('a cold page offers a town typed letter by letter from the answers stored with the data, before the geocoder’s names are downloaded', async ({
  page,
  explorer,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await explorer.search.pressSequentially('calamba', { delay: 100 });
  await expect(explorer.suggestions.first()).toContainText('City of Calamba');
  await expect(explorer.suggestions.first()).toContainText('City · Laguna');
  // The answers are the geocoder's own, read from a small file; its 8 MB of names are left for other queries.
  expect(asked.filter((path) => path.includes('/prefix-answers/'))).not.toEqual([]);
  expect(asked.filter((path) => path.endsWith('/gazetteer.json'))).toEqual([]);
});

test('on a phone, the places listed stay in sight above the keyboard and opaque while the next load; Enter keeps the address typed', {
  tag: '@mobile',
}, async ({ page, explorer, network, isMobile, saveScreenshot }) => {
  test.skip(!isMobile, 'the bottom sheet and the keyboard are a phone’s');
  // The answers to the address as it goes on arrive slowly, so the list is seen while the next one loads.
  const slow = await network.slow('/v1/geocode?q=calamba%2C', 20);
  await page.goto('/');
  const list = page.getByRole('listbox', { name: 'Places' });
  await explorer.search.pressSequentially('calamba', { delay: 80 });
  await expect(explorer.suggestions.first()).toContainText('City of Calamba');
  // Under the box and within the screen's upper half, where a keyboard leaves it in sight.
  const viewport = page.viewportSize()!;
  const box = (await explorer.search.boundingBox())!;
  const listed = (await list.boundingBox())!;
  expect(listed.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  expect(listed.y + listed.height).toBeLessThanOrEqual(viewport.height * 0.6);

  await explorer.search.pressSequentially(', laguna', { delay: 80 });
  // The places of the text before stay, dimmed, on a list the panel's text does not show through.
  const looksWhileLoading = () =>
    list.evaluate((element) => {
      const style = getComputedStyle(element);
      return `busy: ${element.getAttribute('aria-busy')}, opacity: ${style.opacity}, background: ${style.backgroundColor}`;
    });
  await expect.poll(looksWhileLoading).toBe('busy: true, opacity: 1, background: rgb(255, 255, 255)');
  await saveScreenshot('search-phone-loading');
  await slow.lift();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(explorer.suggestions.first()).toContainText('City of Calamba');
  // The whole address was searched off the page's own thread: the page never read the geocoder's 8 MB of names,
  // whose indexing held up every key typed meanwhile.
  const read = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(read.filter((name) => name.endsWith('/gazetteer.json'))).toEqual([]);

  // Enter opens the first place and keeps the clerk's own text.
  await explorer.search.press('Enter');
  await expect(page).toHaveURL(/region=0400000000&province=0403400000&municity=0403405000/);
  await expect(explorer.search).toHaveValue('calamba, laguna');
  await saveScreenshot('search-phone-entered');
});

test('a barangay chosen from the search is selected on the map; one picked from the list after drops the marker', async ({
  page,
  explorer,
  map,
}) => {
  await page.goto('/');
  await explorer.search.fill('Poblacion I, Carcar');
  await explorer.suggestions.filter({ hasText: 'Barangay' }).first().click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  const code = new URL(page.url()).searchParams.get('barangay') ?? '';
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toContain(code));
  await expect.poll(() => map.featureState('barangays', code)).toMatchObject({ selected: true });
  await expect(page).toHaveURL(/marker=/);

  // Another barangay picked from the list is not the place searched: the link and the map drop its marker.
  await explorer.item(/^Poblacion II\b/).click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  expect(new URL(page.url()).searchParams.get('barangay')).not.toBe(code);
  await expect(page).not.toHaveURL(/marker=/);
  await expect(page.getByRole('img', { name: /^Searched place/ })).toHaveCount(0);
});

test('a shared link to a searched barangay reopens at its zoom, with its marker and its name in the tab', async ({
  page,
  browser,
  explorer,
  map,
}) => {
  await page.goto('/');
  await explorer.search.fill('Poblacion I, Carcar');
  await explorer.suggestions.filter({ hasText: 'Barangay' }).first().click();
  await expect(page).toHaveURL(/barangay=0702214\d{3}/);
  const marker = page.getByRole('img', { name: /^Searched place/ });
  await expect(marker).toHaveAccessibleName('Searched place: Poblacion I');
  await map.drawn(LAYER.barangaysFill);
  await map.still();
  // Closer in than the town's fit, as someone reading the barangay would go.
  await page.evaluate(() => {
    const map = window.kapuluanMap!;
    map.jumpTo({ zoom: map.getZoom() + 1.5 });
  });
  await expect(page).toHaveURL(/[?&]at=[-\d.]+,[-\d.]+,[\d.]+/);
  const link = page.url();
  const camera = await page.evaluate(() => ({
    ...window.kapuluanMap!.getCenter(),
    zoom: window.kapuluanMap!.getZoom(),
  }));

  const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await other.goto(link);
  await expect(other).toHaveTitle('Poblacion I, City of Carcar — Kapuluan');
  await expect(other.getByRole('img', { name: 'Searched place: Poblacion I' })).toBeVisible();
  await expect
    .poll(() => other.evaluate(() => window.kapuluanMap?.loaded() && window.kapuluanMap.getZoom()))
    .toBeCloseTo(camera.zoom, 1);
  const center = await other.evaluate(() => window.kapuluanMap!.getCenter());
  expect(center.lng).toBeCloseTo(camera.lng, 4);
  expect(center.lat).toBeCloseTo(camera.lat, 4);
  await other.close();
});

test('a query that matches nothing says so, and Escape closes the list', async ({ page, explorer }) => {
  const places = page.getByRole('listbox', { name: 'Places' });
  await page.goto('/');
  await explorer.search.fill('zzqxv');
  await expect(page.getByRole('status').filter({ hasText: 'No place matches' })).toBeVisible();
  await explorer.search.fill('Makati');
  await expect(places).toBeVisible();
  await explorer.search.press('Escape');
  await expect(places).toBeHidden();
});

test('a street address typed from the street onwards and entered lands on its barangay', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.search.pressSequentially('123 Rizal St., Brgy. 5 (Pob.), Laoag City, Ilocos Norte');
  const first = explorer.suggestions.first();
  await expect(first).toContainText('Bgy. No. 5, San Pedro');
  await expect(first).toContainText(
    /matched barangay “[^”]*5[^”]*”, town “Laoag[^”]*”, province “Ilocos Norte” · \d+%/,
  );
  await expect(first).toContainText('Barangay · City of Laoag · Ilocos Norte');
  await saveScreenshot('search-address');
  await explorer.search.press('Enter');
  await expect(page).toHaveURL(/region=0100000000&province=0102800000&municity=0102812000&barangay=0102812068/);
  await expect(
    explorer.list('Barangays').getByRole('button', { name: 'Bgy. No. 5, San Pedro', pressed: true }),
  ).toBeVisible();
  await expect.poll(() => map.featureState('barangays', '0102812068')).toMatchObject({ selected: true });
});

test('Enter searches the text in the box now, not the search before it', async ({ page, explorer }) => {
  await page.goto('/');
  await explorer.search.fill('tagbilran');
  await explorer.search.press('Enter');
  await expect(page).toHaveURL(/region=0700000000&province=0701200000&municity=0701242000/);
  // What was typed stays in the box, misspelling and all: it is the person's own text.
  await expect(explorer.search).toHaveValue('tagbilran');
  // Within the debounce: the list still holds Tagbilaran, which Enter used to open.
  await explorer.search.fill('Norzagaray');
  await explorer.search.press('Enter');
  await expect(page).toHaveURL(/region=0300000000&province=0301400000&municity=0301413000/);
  await expect(explorer.search).toHaveValue('Norzagaray');
  await expect(explorer.title).toHaveText('Norzagaray');
  await expect(page.getByRole('img', { name: /^Searched place/ })).toHaveAccessibleName('Searched place: Norzagaray');
});

test('an ambiguous name says how many places it names, lists them all and narrows by province', async ({
  page,
  explorer,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.search.fill('San Jose');
  const status = page.getByRole('status').filter({ hasText: /places found/ });
  await expect(status).toHaveText(/^\d+\+? places found$/);
  const count = Number((await status.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(8);

  // From the keyboard: Tab leaves the box for "Show all", Enter opens the list.
  await explorer.search.press('Tab');
  const showAll = page.getByRole('button', { name: 'Show all' });
  await expect(showAll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(showAll).toHaveAttribute('aria-expanded', 'true');
  const places = page.getByRole('list', { name: 'All places' }).getByRole('listitem');
  await expect(places).toHaveCount(count);
  await expect(places.filter({ hasText: 'Municipality · Batangas' })).toHaveCount(1);
  await expect(places.filter({ hasText: 'Municipality · Antique' })).toHaveCount(1);
  await saveScreenshot('search-ambiguous');

  await page.keyboard.press('Tab');
  const province = page.getByLabel('Narrow by province');
  await expect(province).toBeFocused();
  await province.selectOption('Batangas');
  const inBatangas = Number((await province.locator('option:checked').textContent())?.match(/\((\d+)\)/)?.[1]);
  await expect(places).toHaveCount(inBatangas);
  for (const text of await places.allTextContents()) expect(text).toContain('Batangas');
  await saveScreenshot('search-ambiguous-batangas');

  await places.filter({ hasText: 'Municipality · Batangas' }).getByRole('button').press('Enter');
  await expect(page).toHaveURL(/region=0400000000&province=0401000000&municity=0401022000/);
  await expect(page.getByRole('list', { name: 'All places' })).toBeHidden();
});

test('a miss clears the marker and the place chosen before, and offers spellings', async ({ page, explorer, map }) => {
  await page.goto('/');
  await explorer.search.fill('Norzagaray');
  await explorer.search.press('Enter');
  await expect(page).toHaveURL(/municity=0301413000/);
  await map.drawn(LAYER.barangaysFill);
  const marker = page.getByRole('img', { name: /^Searched place/ });
  await expect(marker).toHaveCount(1);

  await explorer.search.fill('zzqxv');
  await explorer.search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No place matches “zzqxv”' })).toBeVisible();
  await expect(page.getByText('Did you mean')).toBeVisible();
  await expect(marker).toHaveCount(0);
  await expect(page).not.toHaveURL(/region=|municity=/);
  await expect(explorer.title).toHaveText('Philippines');
  await expect(explorer.search).toHaveValue('zzqxv');
  // The map's own API: Norzagaray's barangays are no longer drawn.
  await expect.poll(() => map.codes(LAYER.barangaysFill)).toEqual([]);
});

test('a click on the map says which barangay, town, province and region are there', async ({
  page,
  map,
  saveScreenshot,
}) => {
  await page.goto('/?region=13&province=13000&municity=1380600');
  await map.drawn(LAYER.barangaysFill);
  const point = await map.pointAt([120.9787, 14.5826]); // Rizal Park
  await page.mouse.click(point.x, point.y);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toContainText('City of Manila');
  await expect(popup).toContainText('Metro Manila');
  await expect(popup).toContainText('National Capital Region (NCR)');
  await expect(popup).toContainText('Barangay');
  // Manila is part of Metro Manila, which is no province it could stand apart from.
  await expect(popup).toContainText('Part of');
  await expect(popup).not.toContainText('not part of');
  await saveScreenshot('what-is-here');
});

test('an independent city reads as one: Davao City is not a town of Davao del Sur, in which it lies', async ({
  page,
  explorer,
  map,
}) => {
  await page.goto('/');
  await explorer.search.fill('Davao City');
  await expect(page.getByRole('option').first()).toContainText(
    'Highly urbanized city · independent of Davao del Sur · Region XI',
  );
  await page.getByRole('option').first().click();
  await expect(explorer.title).toHaveText('City of Davao');
  // The path down goes through Davao del Sur, where it is listed: the breadcrumbs and the facts say it is not part of it.
  await expect(explorer.breadcrumbs).toContainText('City of Davao (independent city, not part of Davao del Sur)');
  await expect(explorer.panel.getByRole('region', { name: 'Facts: City of Davao' })).toContainText(
    'LevelCity · Highly urbanized city, independent of Davao del Sur, in which it lies',
  );
  await map.drawn(LAYER.barangaysFill);
  // Around it, the map names the provinces as well as the towns, each where it can be read (not under the panel).
  await map.drawn(
    LAYER.areaLabel,
    (codes) => expect(codes).toEqual(expect.arrayContaining(['1102300000', '1204700000'])), // Davao del Norte, Cotabato
  );
  const hidden = await page.evaluate((layer) => {
    const map = window.kapuluanMap!;
    const canvas = map.getCanvas();
    const box = canvas.getBoundingClientRect();
    return map
      .queryRenderedFeatures({ layers: [layer] })
      .filter((f) => {
        if (f.geometry.type !== 'Point') return true;
        const p = map.project(f.geometry.coordinates as [number, number]);
        return document.elementFromPoint(p.x + box.left, p.y + box.top) !== canvas;
      })
      .map((f) => String(f.properties.name));
  }, LAYER.areaLabel);
  expect(hidden).toEqual([]);
  const point = await map.pointAt([125.6128, 7.0731]); // San Pedro Cathedral
  await page.mouse.click(point.x, point.y);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toContainText('Highly urbanized city, independent of any province');
  await expect(popup).toContainText('Lies in (not part of)Davao del Sur');
});

test('finding a town in any province from the province step, and a suggestion for a miss', async ({
  page,
  explorer,
  map,
}) => {
  await page.goto('/?region=7&province=7022');
  await page.getByLabel('Or find a city or municipality anywhere').fill('vigan');
  await page
    .getByRole('list', { name: 'Towns found' })
    .getByRole('button', { name: /City of Vigan/ })
    .click();
  await expect(page).toHaveURL(/region=0100000000&province=0102900000&municity=0102934000/);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(10));

  // The geocoder now reads "Tugegarau" as Tuguegarao itself, so the miss is one nothing is near.
  await explorer.search.fill('zzqxv');
  const suggestion = page.getByText('Did you mean').getByRole('button').first();
  const spelling = (await suggestion.textContent()) ?? '';
  await suggestion.click();
  await expect(explorer.search).toHaveValue(spelling);
  await expect(explorer.suggestions.first()).toContainText(spelling);
});
