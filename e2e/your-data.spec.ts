import fs from 'node:fs';
import path from 'node:path';
import { YOUR_DATA } from '../src/features/your-data/layers.ts';
import { violations } from './axe.ts';
import { type Explorer, expect, test, type YourData } from './fixtures.ts';

/**
 * "Add your data" on real tables written by others (e2e/data/README.md): the 2015 census's housing units of
 * Western Visayas' cities and municipalities, keyed by OCHA P-codes of that year, and the share of children
 * under five in each of Pangasinan's 1,364 barangays.
 */
const data = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'data', name), 'utf8');
const HOUSING = data('housing-units-western-visayas-2015.csv');
const UNDER_FIVE = data('population-by-age-pangasinan-2015.csv');

/** The housing table with its code column taken out: its places named by region, province and town only. */
const housingByName = HOUSING.split('\n')
  .map((line) =>
    line
      .split(',')
      .filter((_, i) => i !== 3)
      .join(','),
  )
  .join('\n');

/** The legend's counts add up to the places drawn, which the map's own layer holds. */
async function legendAddsUp(yourData: YourData, drawn: number) {
  const entries = await yourData.legendEntries();
  expect(entries.reduce((sum, e) => sum + e.count, 0)).toBe(drawn);
  await expect(yourData.legend.getByRole('heading')).toContainText(`${drawn.toLocaleString('en')} `);
  return entries;
}

/** Kalibo's facts carry its 17,784 housing units from the table, named with the file they come from. */
const expectKaliboFacts = (explorer: Explorer, file: string) =>
  expect(explorer.panel.getByRole('region', { name: 'Facts: Kalibo' })).toContainText(
    `Housing_Units (your table, ${file})17,784`,
  );

test.describe('a table of cities and municipalities', () => {
  test('by its codes: the join report, then the legend, the map and a town’s facts', async ({
    page,
    explorer,
    yourData,
    map,
  }) => {
    await page.goto('/?region=6');
    await expect(explorer.title).toHaveText('Region VI (Western Visayas)');
    await yourData.upload('housing-units-western-visayas-2015.csv', HOUSING);
    // 133 towns of 2015; Bacolod's code of the Negros Island Region of 2015 is in no list since. Nothing is drawn yet.
    await expect(yourData.report).toContainText('joined to cities and municipalities, by their codes in “Mun_Code”');
    expect(await yourData.counts()).toEqual({ rows: 133, joined: 132, notJoined: 1, duplicates: 0, otherLevel: 0 });
    await yourData.report.getByText('Rows not joined (1)').click();
    await expect(yourData.report).toContainText('Row 2: No place has the code PH184501000');
    expect(await map.codes(YOUR_DATA.fill)).toEqual([]);

    await expect(yourData.column).toHaveValue('4');
    await expect(yourData.column.locator('option:checked')).toHaveText('Housing_Units');
    await yourData.show();
    // Region VI's 101 towns (Negros Occidental's are in the Negros Island Region now).
    const codes = await map.drawn(YOUR_DATA.fill, (c) => expect(c).toHaveLength(101));
    await legendAddsUp(yourData, codes.length);
    // Kalibo's 17,784 housing units: coloured by the class whose range the legend writes around it.
    const entries = await yourData.legendEntries();
    const kalibo = (await map.featureState(YOUR_DATA.source, '0600407000'))?.class as number;
    const [low, high] = entries[kalibo].text
      .split(' (')[0]
      .split(' to ')
      .map((n) => Number(n.replace(/,/g, '')));
    expect(17_784).toBeGreaterThanOrEqual(low);
    expect(17_784).toBeLessThanOrEqual(high);

    // Hovering a town names its figure.
    const point = await map.pointOn(YOUR_DATA.fill, 'code', '0600407000');
    await page.mouse.move(point.x, point.y);
    await expect(page.getByRole('tooltip')).toHaveText('Kalibo · Housing_Units: 17,784');

    // The province's towns sort by it, each with its figure under its name.
    await explorer.open('Aklan');
    await explorer.panel.getByLabel('Sort by').selectOption({ label: 'Housing_Units (your table), largest first' });
    const towns = explorer.list('Cities and municipalities').getByRole('listitem');
    await expect(towns.nth(0)).toHaveText(/^Kalibo.* · Housing_Units: 17,784$/);
    await expect(towns.nth(1)).toHaveText(/^Malay.* · Housing_Units: 12,618$/);
    await explorer.open('Kalibo');
    await expectKaliboFacts(explorer, 'housing-units-western-visayas-2015.csv');
  });

  // Over HTTP the names go to the server's POST /v1/geocode/batch, as "Match a file" sends them there.
  test('by its names alone, read by the geocoder as "Match a file" reads them', { tag: '@http' }, async ({
    page,
    explorer,
    yourData,
    map,
  }) => {
    await page.goto('/?region=6');
    await yourData.upload('housing-by-name.csv', housingByName);
    await expect(yourData.report).toContainText(
      'joined to cities and municipalities, by their names in “Municipality_City”, “Province”, “Region”',
    );
    // By name, Bacolod joins too; Hinoba-an, written with its old name "Hinoba-An (Asia)", is read as its
    // barangay Asia, and the report says so rather than drawing it.
    expect(await yourData.counts()).toEqual({ rows: 133, joined: 132, notJoined: 0, duplicates: 0, otherLevel: 1 });
    await yourData.report.getByText('Rows of another level (not drawn) (1)').click();
    await expect(yourData.report).toContainText(
      'Row 13: “Hinoba-An (Asia), Negros Occidental, Region VI (Western Visayas)” is a barangay, Asia, Hinoba-an',
    );
    await yourData.show();
    // One zoom level out, so that every town of the region is on the canvas whatever the camera's fit: the map
    // answers only for what it renders, and this asserts what was joined and drawn, not where the camera stands.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await map.still();
    const codes = await map.drawn(YOUR_DATA.fill, (c) => expect(c).toHaveLength(101));
    await legendAddsUp(yourData, codes.length);
    await explorer.open('Aklan');
    await explorer.open('Kalibo');
    await expectKaliboFacts(explorer, 'housing-by-name.csv');
  });
});

test('a table of barangays colours every barangay of the province opened, at once', async ({
  page,
  explorer,
  yourData,
  map,
}) => {
  await page.goto('/?region=1&province=1055');
  await expect(explorer.title).toHaveText('Pangasinan');
  await yourData.upload('population-by-age-pangasinan-2015.csv', UNDER_FIVE);
  expect(await yourData.counts()).toEqual({ rows: 1364, joined: 1364, notJoined: 0, duplicates: 0, otherLevel: 0 });
  await expect(yourData.column.locator('option:checked')).toHaveText('perc_u5');
  await yourData.show();
  // Pangasinan's 1,364 barangays, each with its class, in one view: not town by town.
  const codes = await map.drawn(YOUR_DATA.fill, (c) => expect(c).toHaveLength(1364));
  await legendAddsUp(yourData, 1364);
  expect(await map.featureState(YOUR_DATA.source, '0105501001')).toMatchObject({ class: expect.any(Number) });
  expect(codes.every((c) => c.startsWith('01055'))).toBe(true);
  // The province's towns are still the step's: their outlines over the barangays, their clicks opening them.
  await map.drawn('towns-fill', (c) => expect(c).toHaveLength(48));

  // Kept in this browser: a reload draws them again; Remove takes them off the map and out of the browser.
  await page.reload();
  await map.drawn(YOUR_DATA.fill, (c) => expect(c).toHaveLength(1364));
  await expect(yourData.legend).toBeVisible();
  await yourData.remove();
  await expect(yourData.legend).toHaveCount(0);
  await expect.poll(() => map.codes(YOUR_DATA.fill)).toEqual([]);
  await page.reload();
  await expect(yourData.opener).toBeVisible();
  await yourData.opener.click();
  await expect(yourData.fileInput).toBeVisible();
  await expect(yourData.legend).toHaveCount(0);
});

test.describe('a table it cannot use says what to do, and what was kept stays', () => {
  test('an empty file, one with no code or name column, a column with no numbers, a 200 MB file', async ({
    page,
    yourData,
  }, testInfo) => {
    await page.goto('/?region=6');
    await yourData.upload('empty.csv', '');
    await expect(yourData.alert).toHaveText(/“empty\.csv” is empty: give a table with a header row/);
    await yourData.upload('totals.csv', 'Year,Total\n2015,100\n2020,120\n');
    await expect(yourData.alert).toHaveText(/has no column of PSGC codes and none of place names .*name the column/);

    // A table that joins: a column of names chosen for the figures says it holds no numbers.
    await yourData.upload('housing-units-western-visayas-2015.csv', HOUSING);
    await yourData.column.selectOption({ label: 'Municipality_City' });
    await expect(yourData.alert).toHaveText(/“Municipality_City” holds no numbers .*choose a column of figures/);
    await yourData.column.selectOption({ label: 'Housing_Units' });
    await yourData.show();

    // 200 MB, refused before a byte of it is read (a sparse file: no disk is spent on it); the table kept stays.
    const big = testInfo.outputPath('census-2020-every-barangay.csv');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 200 * 1024 * 1024);
    await yourData.panel.getByText('Add another table (it replaces this one)').click();
    await yourData.fileInput.setInputFiles(big);
    await expect(yourData.alert).toHaveText(
      /is 200 MB; a table to put on the map can be at most 50 MB .*save it as CSV/,
    );
    await expect(yourData.legend).toBeVisible();
    await page.reload();
    await expect(yourData.legend).toContainText('101 cities and municipalities on the map');
  });
});

test('a table pasted from a spreadsheet is read as a file is', async ({ page, yourData }) => {
  await page.goto('/?region=6');
  await yourData.opener.click();
  await yourData.panel.getByText('Or paste a table').click();
  // Three Aklan towns as a spreadsheet copies them: tab-separated, a code kept as a number (its zero lost).
  await yourData.panel
    .getByLabel('A table copied from a spreadsheet, with its header row')
    .fill('PSGC\tPoverty\n600407000\t12.5%\n600408000\t(3.2%)\n600409000\t-\n');
  await yourData.panel.getByRole('button', { name: 'Read the pasted table' }).click();
  expect(await yourData.counts()).toEqual({ rows: 3, joined: 3, notJoined: 0, duplicates: 0, otherLevel: 0 });
  await expect(yourData.panel).toContainText('1 joined row has no number in “Poverty” (1 marked “-”)');
  // From the keyboard: Show moves the figures under the step's title, and the focus with them.
  await yourData.panel.getByRole('button', { name: 'Show on the map' }).focus();
  await page.keyboard.press('Enter');
  await expect(yourData.panel.getByRole('heading', { name: 'Your own figures' })).toBeFocused();
  // A fall and a rise: classes either side of zero; the region's 99 other towns, the one marked "-" among
  // them, drawn as having no figure.
  expect(await yourData.legendEntries()).toEqual([
    { text: '−3.2% (1)', count: 1 },
    { text: '12.5% (1)', count: 1 },
    { text: 'No figure in your table (99)', count: 99 },
  ]);
});

test('the join report and the legend pass axe', { tag: '@mobile' }, async ({ page, yourData, map }) => {
  await page.goto('/?region=6');
  await yourData.upload('housing-units-western-visayas-2015.csv', HOUSING);
  await expect(yourData.report).toBeVisible();
  await yourData.report.getByText('Rows not joined (1)').click();
  expect(await violations(page)).toEqual([]);
  await yourData.show();
  await map.drawn(YOUR_DATA.fill);
  expect(await violations(page)).toEqual([]);
});
