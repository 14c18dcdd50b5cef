import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test } from './fixtures.ts';
import { LAYER, SOURCE } from './layers.ts';

/**
 * "Match a file": real addresses of health facilities (e2e/data/README.md says where they come from), read in
 * the browser, matched, reviewed, fixed, kept over a reload, and exported.
 */
const FACILITIES = fs.readFileSync(new URL('./data/health-facilities.csv', import.meta.url), 'utf8');
const ROWS = Papa.parse<string[]>(FACILITIES.trim(), { skipEmptyLines: false }).data.length - 1;

test('a CSV of real addresses: columns, progress, a wrong town fixed from the candidates, a reload, the exports', {
  tag: '@live',
}, async ({ page, matcher, map, saveScreenshot }) => {
  await matcher.open();
  await matcher.upload('health-facilities.csv', FACILITIES);

  // The columns step: the file as read, the address column guessed from its header.
  await expect(matcher.area).toContainText(`health-facilities.csv: ${ROWS} rows. Read as CSV, UTF-8 text`);
  await expect(matcher.roleOf('Address')).toHaveValue('address');
  await expect(matcher.roleOf('Notes')).toHaveValue('');
  await expect(
    matcher.area.getByText('NATIONAL HIGHWAY, POBLACION, BULUAN, MAGUINDANAO DEL SUR').first(),
  ).toBeVisible();
  await saveScreenshot('match-columns');
  await matcher.area.getByRole('button', { name: `Match ${ROWS} rows` }).click();

  // The progress, then the review: every row has an outcome.
  await expect(matcher.area.getByRole('status')).toContainText(`of ${ROWS} rows`);
  await expect(matcher.summary).toContainText(`of ${ROWS} rows.`, { timeout: 60_000 });
  const summary = (await matcher.summary.textContent()) ?? '';
  const [matched, ambiguous, unmatched] = [/(\d+) matched/, /(\d+) ambiguous/, /(\d+) unmatched/].map((re) =>
    Number(summary.match(re)?.[1]),
  );
  expect(matched + ambiguous + unmatched).toBe(ROWS);
  expect(matched / ROWS).toBeGreaterThan(0.85);
  expect(unmatched).toBeGreaterThanOrEqual(1); // the row with no address is kept, unmatched
  await map.drawn(LAYER.matchClusters);

  // The barangay given under the wrong town: ambiguous, the real Lahug offered, chosen.
  await matcher.area.getByRole('combobox', { name: 'Status' }).selectOption('ambiguous');
  await matcher.area.getByRole('searchbox', { name: 'Find rows' }).fill('gorordo');
  await matcher.row(/Gorordo Avenue, Lahug, Mandaue City/).click();
  await expect(matcher.details).toContainText('Ambiguous');
  await expect(matcher.details).toContainText('No barangay “Lahug” in City of Mandaue');
  await matcher.details.getByRole('button', { name: /^Use Lahug · City of Cebu · Cebu/ }).click();
  await expect(matcher.details).toContainText(
    'Fixed · Lahug · City of Cebu · Cebu · Region VII (Central Visayas) (0730600041)',
  );
  const row = String(ROWS - 2); // the wrong-town row is the second to last, counted from 0
  await expect.poll(() => map.featureState(SOURCE.matchPoints, row)).toMatchObject({ selected: true });
  await map.drawn(LAYER.matchPlaceLine, (codes) => expect(codes).toEqual(['0730600041']));
  // The fixed row's point moved from Mandaue's town proper into Lahug.
  await expect(async () => {
    const [west, south, east, north] = (await map.boundsOf(SOURCE.matchPlace)) ?? [0, 0, 0, 0];
    const [lng, lat] = (await map.pointOf(SOURCE.matchPoints, row)) ?? [0, 0];
    expect(lng).toBeGreaterThanOrEqual(west);
    expect(lng).toBeLessThanOrEqual(east);
    expect(lat).toBeGreaterThanOrEqual(south);
    expect(lat).toBeLessThanOrEqual(north);
  }).toPass();
  await saveScreenshot('match-fixed');

  // A reload: the job, its results and the fix come back from the browser's storage.
  await page.reload();
  await expect(matcher.summary).toContainText('(1 fixed by hand)');
  await matcher.area.getByRole('combobox', { name: 'Status' }).selectOption('fixed');
  await expect(matcher.rows.getByRole('option')).toHaveCount(1);
  await expect(matcher.row(/Gorordo Avenue/)).toContainText('Lahug · City of Cebu · Cebu');

  // CSV for Excel: a BOM, the file's columns then the added ones, the fix, formula-like cells escaped.
  const csv = await matcher.export('CSV');
  expect(csv.name).toBe('health-facilities-matched-psgc.csv');
  const text = csv.bytes.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const table = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(table.meta.fields?.slice(0, 6)).toEqual([
    'Facility ID',
    'Address',
    'Notes',
    'psgc_code',
    'barangay',
    'barangay_code',
  ]);
  expect(table.data).toHaveLength(ROWS);
  const byId = new Map(table.data.map((r) => [r['Facility ID'], r]));
  expect(byId.get('extra-wrong-town')).toMatchObject({
    barangay: 'Lahug',
    barangay_code: '0730600041',
    city_municipality: 'City of Cebu',
    city_municipality_code: '0730600000',
    province_code: '0702200000',
    region_code: '0700000000',
    status: 'matched',
    // the code list the codes are of, as the service stamped them
    psgc_vintage: expect.stringMatching(/^[1-4]Q \d{4}$/),
    fixed: 'yes',
  });
  expect(byId.get('extra-empty')).toMatchObject({ status: 'unmatched', psgc_code: '', lat: '' });
  expect(table.data.map((r) => r.Notes)).toContain(`'=HYPERLINK("http://example.com","open")`);
  expect(table.data.map((r) => r.Notes)).toContain(`'+63 912 345 6789`);
  // The first row, as the registry coded it: Poblacion, Buluan, Maguindanao del Sur.
  expect(table.data[0]).toMatchObject({ barangay: 'Poblacion', city_municipality: 'Buluan', status: 'matched' });

  // GeoJSON: a point for every row with a place, its properties the same columns.
  const geojson = await matcher.export('GeoJSON');
  expect(geojson.name).toBe('health-facilities-matched-psgc.geojson');
  const collection = JSON.parse(geojson.bytes.toString('utf8'));
  expect(collection.features).toHaveLength(ROWS - unmatched);
  const fixed = collection.features.find(
    (f: { properties: Record<string, unknown> }) => f.properties['Facility ID'] === 'extra-wrong-town',
  );
  expect(fixed.properties).toMatchObject({ barangay_code: '0730600041', status: 'matched' });
  expect(fixed.geometry.coordinates[0]).toBeCloseTo(123.9, 0);

  // Excel: the same rows, codes as text (leading zeros kept), coordinates as numbers.
  const xlsx = await matcher.export('Excel');
  expect(xlsx.name).toBe('health-facilities-matched-psgc.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(ROWS + 1);
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
  const wrongTown = table.data.findIndex((r) => r['Facility ID'] === 'extra-wrong-town') + 2;
  expect([cell(wrongTown, 'barangay_code'), cell(wrongTown, 'status'), cell(wrongTown, 'fixed')]).toEqual([
    '0730600041',
    'matched',
    'yes',
  ]);
  expect(typeof cell(wrongTown, 'lng')).toBe('number');
});

test('reviewing: signs of work, a reason on every open row, the legend, one fix for identical addresses, the fixed point above the clusters', async ({
  page,
  matcher,
  map,
  saveScreenshot,
}) => {
  // The match workers start twice (the file's rows, then the search that fixes one), each reading the geocoder's
  // index: on a busy machine, a minute or more.
  test.setTimeout(180_000);
  // Three copies of one address given under the wrong town (the third as someone else typed it), and places near it.
  const csv = [
    'id,address',
    '1,"Gorordo Avenue, Lahug, Mandaue City, Cebu"',
    '2,"Lahug, Cebu City"',
    '3,"Gorordo Avenue, Lahug, Mandaue City, Cebu"',
    '4,"gorordo avenue,  lahug, mandaue city, CEBU"',
    '5,San Jose',
    '6,"Mabolo, Cebu City"',
    '7,"Kamputhaw, Cebu City"',
  ].join('\n');
  await matcher.open();
  await matcher.upload('review.csv', csv);
  await matcher.area.getByRole('button', { name: 'Match 7 rows' }).click();
  // Before the first rows are back, the progress says what is under way rather than "0 of 7 rows" alone.
  await expect(matcher.area.getByRole('status')).toContainText('0 of 7 rows · getting the matcher ready');
  await expect(matcher.summary).toContainText('of 7 rows.', { timeout: 60_000 });
  // The legend names the clusters' colours between matched and ambiguous too.
  await expect(page.locator('.match-legend')).toContainText('groups: the more ambiguous rows, the more orange');

  // An ambiguous row without a note of its place still says why, as its export does.
  const exported = Papa.parse<Record<string, string>>((await matcher.export('CSV')).bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const sanJose = exported.find((r) => r.id === '5')!;
  expect(sanJose.status).toBe('ambiguous');
  expect(sanJose.reason).not.toBe('');
  await matcher.row('San Jose').click();
  await expect(matcher.details).toContainText(sanJose.reason);

  // The first copy fixed by a search, which shows that it is searching.
  await matcher.row('Gorordo Avenue').first().click();
  await expect(matcher.details).toHaveAccessibleName('Row 1');
  await matcher.details.getByLabel('Find the right place').fill('Lahug, Cebu City');
  await expect(
    matcher.details.getByRole('status').filter({ hasText: 'Searching for “Lahug, Cebu City”…' }),
  ).toBeVisible();
  await matcher.details
    .getByRole('list', { name: 'Places found' })
    .getByRole('button', { name: /^Use Lahug · City of Cebu · Cebu/ })
    .click();
  await expect(matcher.details).toContainText('Fixed · Lahug · City of Cebu');
  // The same address twice more, offered the same place at once.
  const offer = matcher.details.getByRole('status').filter({ hasText: '2 other rows have this same address.' });
  await offer.getByRole('button', { name: 'Use this place for all 2 too' }).click();
  await expect(matcher.summary).toContainText('(3 fixed by hand)');
  await expect(matcher.row(/gorordo avenue/i).filter({ hasText: 'Fixed' })).toHaveCount(3);

  // The fixed row's point is drawn above the cluster its new place is in, not hidden under it: zoomed out to where
  // Lahug's rows and their neighbours' are one cluster.
  await map.drawn(LAYER.matchChosen, (codes) => expect(codes).toEqual(['0']));
  const [lng, lat] = (await map.pointOf(SOURCE.matchChosen, '0'))!;
  await page.evaluate((center) => window.kapuluanMap?.jumpTo({ center, zoom: 11 }), [lng, lat] as [number, number]);
  await map.still();
  await expect
    .poll(() =>
      page.evaluate(
        ({ center, layers }) => {
          const m = window.kapuluanMap!;
          const under = m.queryRenderedFeatures(m.project(center)).map((f) => f.layer.id);
          return { top: under[0], clustered: under.includes(layers.clusters) };
        },
        { center: [lng, lat] as [number, number], layers: { clusters: LAYER.matchClusters } },
      ),
    )
    .toEqual({ top: LAYER.matchChosen, clustered: true });
  await saveScreenshot('match-review-fixed');
});

test('an Excel workbook with the address in parts is matched part by part', async ({ matcher }) => {
  // Forty rows of the same registry, its barangay, town and province in their own columns, as many files have them.
  const source = Papa.parse<Record<string, string>>(
    fs.readFileSync(new URL('./data/health-facilities-parts.csv', import.meta.url), 'utf8'),
    { header: true, skipEmptyLines: true },
  ).data;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Facilities');
  sheet.addRow(['Street', 'Barangay', 'City/Municipality', 'Province']);
  for (const r of source) sheet.addRow([r.street, r.barangay, r.town, r.province]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  await matcher.open();
  await matcher.upload('facilities.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  await expect(matcher.area).toContainText(`facilities.xlsx: ${source.length} rows. Read as Excel workbook`);
  await expect(matcher.roleOf('Barangay')).toHaveValue('barangay');
  await expect(matcher.roleOf('City/Municipality')).toHaveValue('town');
  await expect(matcher.roleOf('Province')).toHaveValue('province');
  await matcher.area.getByRole('button', { name: `Match ${source.length} rows` }).click();
  await expect(matcher.summary).toContainText(`of ${source.length} rows.`, { timeout: 60_000 });
  const matched = Number((await matcher.summary.textContent())?.match(/(\d+) matched/)?.[1]);
  expect(matched).toBeGreaterThanOrEqual(source.length - 2);
});

test('an address abroad and one naming no place are unmatched, each with its reason, in the row and the export', {
  tag: '@mobile',
}, async ({ matcher, saveScreenshot }) => {
  const csv = [
    'id,address',
    '1,"1600 Amphitheatre Pkwy, Mountain View, CA, USA"',
    '2,asdf',
    '3,"Lahug, Cebu City"',
    '4,',
  ].join('\n');
  await matcher.open();
  await matcher.upload('mixed.csv', csv);
  await matcher.area.getByRole('button', { name: 'Match 4 rows' }).click();
  await expect(matcher.summary).toContainText('1 matched', { timeout: 60_000 });
  await expect(matcher.summary).toContainText('3 unmatched');
  // Every row says its status in words in the list, at any width.
  await expect(matcher.row('Amphitheatre')).toContainText('Unmatched');
  await expect(matcher.row('Lahug')).toContainText(/Matched · \d+%/);
  await saveScreenshot('match-unmatched-reasons');
  await matcher.row('Amphitheatre').click();
  await expect(matcher.details).toContainText('The address is in the United States, outside the Philippines');

  const { bytes } = await matcher.export('CSV');
  const rows = Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows.map((r) => [r.id, r.status, r.reason])).toEqual([
    ['1', 'unmatched', expect.stringMatching(/^The address is in the United States, outside the Philippines/)],
    ['2', 'unmatched', 'No Philippine place is named in the address.'],
    ['3', 'matched', ''],
    ['4', 'unmatched', 'The address is empty.'],
  ]);
});

test('junk cells, an address abroad and a ZIP column: each row with its status and reason, the ZIP code as evidence', async ({
  matcher,
  saveScreenshot,
}) => {
  // Each row says what it must come out as (e2e/data/README.md); `npm run match` is held to the same rows
  // (src/cli/match.test.ts).
  const csv = fs.readFileSync(new URL('./data/junk-and-zip.csv', import.meta.url), 'utf8');
  const expected = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  await matcher.open();
  await matcher.upload('junk-and-zip.csv', csv);
  await expect(matcher.roleOf('Address')).toHaveValue('address');
  await expect(matcher.roleOf('ZIP Code')).toHaveValue('zip');
  await matcher.area.getByRole('button', { name: `Match ${expected.length} rows` }).click();
  await expect(matcher.summary).toContainText(`of ${expected.length} rows.`, { timeout: 60_000 });
  const count = (status: string) => expected.filter((r) => r.expect_status === status).length;
  await expect(matcher.summary).toContainText(`${count('matched')} matched`);
  await expect(matcher.summary).toContainText(`${count('ambiguous')} ambiguous`);
  await expect(matcher.summary).toContainText(`${count('unmatched')} unmatched`);

  // A formula is said to be one; the ZIP code that disagrees is said, and its town offered.
  await matcher.row('=SUM(A1:A3)').click();
  await expect(matcher.details).toContainText('Unmatched');
  await expect(matcher.details).toContainText('“=SUM(A1:A3)” is a spreadsheet formula, not an address.');
  await matcher.row('Lahug, Cebu City').click();
  await expect(matcher.details).toContainText('ZIP 6531 is Kananga, not City of Cebu.');
  await expect(matcher.details.getByRole('button', { name: /^Use .*Kananga · Leyte/ }).first()).toBeVisible();
  await saveScreenshot('match-junk-and-zip');

  const { bytes } = await matcher.export('CSV');
  const rows = Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows.map((r) => [r.id, r.status, r.city_municipality, r.reason])).toEqual(
    expected.map((r) => [r.id, r.expect_status, r.expect_place, r.expect_reason]),
  );
  // nothing unmatched has a point
  expect(rows.filter((r) => r.status === 'unmatched' && (r.lat || r.psgc_code))).toEqual([]);
});

test('a large file read as a stream, the page reloaded mid-run: matching goes on and every row is matched once', async ({
  page,
  matcher,
}) => {
  // The match workers start twice (before and after the reload), each time reading the geocoder's index: on a
  // machine kept busy, minutes rather than seconds. What is waited for is a state, never a duration.
  test.setTimeout(8 * 60_000);
  // The registry's rows again and again, each with an id of its own: 12,000 rows, a few seconds of matching.
  const addresses = Papa.parse<Record<string, string>>(FACILITIES, { header: true, skipEmptyLines: true }).data.map(
    (r) => r.Address,
  );
  const total = 12_000;
  const csv = Papa.unparse({
    fields: ['id', 'Address'],
    data: Array.from({ length: total }, (_, i) => [`row-${i}`, addresses[i % addresses.length]]),
  });
  await matcher.open();
  await matcher.upload('registry.csv', csv);
  await expect(matcher.area).toContainText(`registry.csv: ${total.toLocaleString('en')} rows.`);
  await matcher.area.getByRole('button', { name: `Match ${total.toLocaleString('en')} rows` }).click();

  // Some batches back, not all: the page is reloaded.
  const status = matcher.area.getByRole('status');
  const done = async () => Number((await status.textContent())?.match(/^([\d,]+) of/)?.[1].replace(/,/g, '') ?? 0);
  // The first batch waits for the match workers to start: on a busy machine, tens of seconds.
  await expect.poll(done, { intervals: [50], timeout: 180_000 }).toBeGreaterThan(0);
  const before = await done();
  expect(before).toBeLessThan(total);
  await page.reload();

  // It goes on by itself from the rows saved, not from the start.
  await expect(status).toContainText(`of ${total.toLocaleString('en')} rows`, { timeout: 180_000 });
  expect(await done()).toBeGreaterThanOrEqual(before);
  await expect(matcher.summary).toContainText(`of ${total.toLocaleString('en')} rows.`, { timeout: 300_000 });
  await expect(matcher.area.getByText(/rows are not matched yet/)).toHaveCount(0);

  // Every row once, each with its outcome, in the file's order.
  const exported = await matcher.export('CSV');
  const table = Papa.parse<Record<string, string>>(exported.bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(table.map((r) => r.id)).toEqual(Array.from({ length: total }, (_, i) => `row-${i}`));
  expect(table.filter((r) => !['matched', 'ambiguous', 'unmatched'].includes(r.status))).toEqual([]);
  // The same address has the same outcome wherever it comes in the file, before the reload and after. One
  // expect over the rows that differ: Playwright's expect records a step per call, 40 s for 12,000 of them.
  const byAddress = new Map<string, string>();
  const differing: { id: string; address: string; code: string; first: string }[] = [];
  for (const r of table) {
    const seen = byAddress.get(r.Address);
    if (seen === undefined) byAddress.set(r.Address, r.psgc_code);
    else if (r.psgc_code !== seen) differing.push({ id: r.id, address: r.Address, code: r.psgc_code, first: seen });
  }
  expect(differing).toEqual([]);
});

test('each bad file gets its own message, and nothing is half-done', async ({ matcher }) => {
  await matcher.open();
  const tries: [string, string | Buffer, RegExp][] = [
    ['empty.csv', '', /The file is empty/],
    ['header-only.csv', 'id,address\r\n', /header but no rows/],
    ['report.csv', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), /PDF/],
    [
      'locked.xlsx',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(504).fill(0)]),
      /password-protected/,
    ],
    ['too-long.csv', `address\n${'a\n'.repeat(2_000_001)}`, /2,000,000 rows/],
  ];
  for (const [name, content, message] of tries) {
    await matcher.upload(name, content);
    await expect(matcher.alert).toContainText(message);
    // Still at the first step: no job was made of it.
    await expect(matcher.fileInput).toBeAttached();
  }
});

test('the review passes an accessibility scan', { tag: '@mobile' }, async ({ page, matcher }) => {
  await matcher.open();
  await matcher.upload('few.csv', FACILITIES.split('\r\n').slice(0, 21).join('\r\n'));
  await matcher.area.getByRole('button', { name: 'Match 20 rows' }).click();
  await expect(matcher.summary).toContainText('of 20 rows.', { timeout: 60_000 });
  // The legend stays clear of the map's buttons, which a phone's narrow map puts beside it.
  const [legend, save] = await Promise.all([
    page.locator('.match-legend').boundingBox(),
    page.getByRole('button', { name: 'Save picture' }).boundingBox(),
  ]);
  if (!legend || !save) throw new Error('the legend and "Save picture" are both on the map');
  const apart =
    legend.x + legend.width <= save.x ||
    save.x + save.width <= legend.x ||
    legend.y + legend.height <= save.y ||
    save.y + save.height <= legend.y;
  expect(apart, JSON.stringify({ legend, save })).toBe(true);
  await matcher.row(/./).first().click();
  await expect(matcher.details).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('.match')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
