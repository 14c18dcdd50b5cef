import fs from 'node:fs';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import Papa from 'papaparse';
import { violations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/**
 * A barangay split since the boundaries were drawn. Caloocan's Barangay 176 became 176-A to 176-F in
 * 4Q 2024; an address that names 176 is answered with its old territory, says it was split and into which, and
 * lets the person choose a part.
 */
const OLD = '1380100176';
// The old territory as the build wrote it (public/data/splits.json), to check the points against.
type Split = { code: string; geometry: Polygon | MultiPolygon | null };
const split = (JSON.parse(fs.readFileSync('public/data/splits.json', 'utf8')) as Split[]).find((s) => s.code === OLD)!;
const inOldTerritory = (lng: number, lat: number) => booleanPointInPolygon([lng, lat], split.geometry!);
const markerOf = (url: string) => new URL(url).searchParams.get('marker')?.split(',').map(Number) ?? [];

test('the old name of a split barangay answers its old territory, names its parts, and a part is chosen from the keyboard', {
  tag: '@mobile',
}, async ({ page, explorer, map, saveScreenshot }) => {
  await page.goto('/');
  await explorer.search.fill('Brgy. 176, Caloocan');
  const first = explorer.suggestions.first();
  await expect(first).toContainText('Barangay 176 (split in 2024 into 176-A to 176-F)');
  await expect(first).toContainText('City of Caloocan');
  await saveScreenshot('split-suggestion');
  await first.click();

  // The town, marked inside the old territory, which the map draws; the box says what became of it.
  await expect(page).toHaveURL(/municity=1380100000(&|$)/);
  expect(page.url()).not.toMatch(/barangay=/);
  const [lng, lat] = markerOf(page.url());
  expect(inOldTerritory(lng, lat)).toBe(true);
  await map.drawn(LAYER.splitsFill, (codes) => expect(codes).toContain(OLD));
  await expect(page.getByRole('status').filter({ hasText: 'Barangay 176 was split in 2024' })).toContainText(
    'The map shows its old territory; choose a part if you know it.',
  );
  const parts = page.getByRole('region', { name: 'Parts of Barangay 176' }).getByRole('button');
  await expect(parts).toHaveText(['A', 'B', 'C', 'D', 'E', 'F'].map((s) => `Barangay 176-${s}`));
  await map.still();
  expect(await violations(page)).toEqual([]);
  await saveScreenshot('split-chosen');

  // A part, chosen from the keyboard: it is selected in its town, and says it has no boundary of its own yet.
  await parts.filter({ hasText: 'Barangay 176-C' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/barangay=1380100191/);
  await expect(page.getByRole('status').filter({ hasText: 'Barangay 176-C is part of Barangay 176' })).toBeVisible();
  const [partLng, partLat] = markerOf(page.url());
  expect(inOldTerritory(partLng, partLat)).toBe(true);
  const facts = explorer.panel.getByRole('region', { name: 'Facts: Barangay 176-C' });
  await expect(facts).toContainText('split from Barangay 176 (1380100176): no boundary of its own yet');
  await expect(page.getByRole('status').filter({ hasText: 'No boundary of its own yet.' })).toContainText(
    'Barangay 176-C lies in the hatched territory of Barangay 176, which was split in 2024 into 176-A to 176-F.',
  );
  await map.drawn(LAYER.splitsFill, (codes) => expect(codes).toContain(OLD));
  await map.still();
  expect(await violations(page)).toEqual([]);
  await saveScreenshot('split-part');
});

test('a matched file’s row naming the split barangay is ambiguous, offers the parts, and exports the old territory’s point with the reason', {
  tag: '@mobile',
}, async ({ matcher, page, saveScreenshot }) => {
  await matcher.open();
  await matcher.upload(
    'split.csv',
    'id,address\nold-176,"Brgy. 176, Caloocan"\npart-176c,"Brgy. 176-C, Caloocan"\nlahug,"Lahug, Cebu City"\n',
  );
  await matcher.area.getByRole('button', { name: 'Match 3 rows' }).click();
  await expect(matcher.summary).toContainText('of 3 rows.', { timeout: 60_000 });
  await matcher.row(/Brgy\. 176, Caloocan/).click();
  await expect(matcher.details).toContainText('Ambiguous');
  await expect(matcher.details).toContainText(
    'Barangay 176 (PSGC 1380100176, 4Q 2023) was split in 2024 into 176-A to 176-F',
  );
  await expect(matcher.details).toContainText('Barangay 176 (split in 2024 into 176-A to 176-F)');
  for (const s of ['A', 'B', 'C', 'D', 'E', 'F']) {
    await expect(
      matcher.details.getByRole('button', { name: new RegExp(`^Use Barangay 176-${s} · City of Caloocan`) }),
    ).toBeVisible();
  }
  expect(await violations(page)).toEqual([]);
  await saveScreenshot('split-match-row');

  const csv = await matcher.export('CSV');
  const table = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const byId = new Map(table.data.map((r) => [r.id, r]));
  const old = byId.get('old-176')!;
  expect(old).toMatchObject({
    psgc_code: OLD,
    barangay: 'Barangay 176',
    barangay_code: OLD,
    city_municipality_code: '1380100000',
    status: 'ambiguous',
    reason: expect.stringMatching(/was split in 2024 into 176-A to 176-F; the point is inside the old barangay/),
  });
  expect(inOldTerritory(Number(old.lng), Number(old.lat))).toBe(true);
  expect(byId.get('part-176c')).toMatchObject({ psgc_code: '1380100191', barangay: 'Barangay 176-C' });
  const part = byId.get('part-176c')!;
  expect(inOldTerritory(Number(part.lng), Number(part.lat))).toBe(true);
});
