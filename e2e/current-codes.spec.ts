import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

test('the Negros Island Region opens with its provinces and Bacolod, drawn on the 2023 boundaries', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.open('Negros Island Region (NIR)');
  await expect(page).toHaveURL(/region=1800000000/);
  await expect(explorer.list('Provinces').getByRole('button')).toHaveText([
    'Negros Occidental',
    'Negros Oriental',
    'Siquijor',
  ]);
  await map.drawn(LAYER.regionTownsFill, (towns) => {
    expect(towns).toContain('1830200000'); // City of Bacolod, under its code since 4Q 2024
    expect(towns).toContain('1804610000'); // City of Dumaguete
    expect(towns).toContain('1806106000'); // Siquijor, Siquijor
    expect(towns.every((code) => code.startsWith('18'))).toBe(true);
  });
  await saveScreenshot('negros-island-region');

  // Bacolod's facts say that it moved to the new region under a new code.
  await page.goto('/?region=18&province=18045&municity=1830200');
  await expect(explorer.panel.getByRole('region', { name: 'Facts: City of Bacolod' })).toContainText(
    'Since 4Q 2023Recoded from 0630200000; moved from Region VI (Western Visayas) to Negros Island Region (NIR)',
  );
  // Back up to the region as a person does, by its breadcrumb (in the page, with no second page load racing the
  // first page's camera), then a click on the map chooses a province.
  await explorer.up('Negros Island Region (NIR)');
  await expect(page).toHaveURL(/\?region=1800000000$/);
  const point = await map.pointOn(LAYER.regionTownsFill, 'province', '18046');
  await page.mouse.click(point.x, point.y);
  await expect(page).toHaveURL(/province=1804600000/);
  await expect(explorer.title).toHaveText('Negros Oriental');
});

test('a barangay new since the boundary files is listed and says it has no boundary yet', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/?region=13&province=13000&municity=1380100');
  await expect(explorer.title).toHaveText('City of Caloocan');
  const barangays = explorer.list('Barangays').getByRole('listitem');
  await expect(barangays).toHaveCount(193);
  await expect(barangays.filter({ hasText: 'no boundary yet' })).toHaveCount(6);
  // Drawn: every barangay but the six, and not Barangay 176-A among them.
  await map.drawn(LAYER.barangaysFill, (codes) => {
    expect(codes).toHaveLength(187);
    expect(codes).not.toContain('1380100189');
  });

  await explorer.item(/^Barangay 176-A/).click();
  await expect(page).toHaveURL(/barangay=1380100189/);
  // Said over the map, where the barangay would have been highlighted.
  // It is a part of the old Barangay 176, whose territory the map draws.
  const notice = page.getByRole('status').filter({ hasText: 'No boundary of its own yet' });
  await expect(notice).toHaveText(
    'No boundary of its own yet. Barangay 176-A lies in the hatched territory of Barangay 176, which was split in ' +
      '2024 into 176-A to 176-F.',
  );
  // Its facts say what the change report says of it.
  await expect(explorer.panel.getByRole('region', { name: 'Facts: Barangay 176-A' })).toContainText(
    'Since 4Q 2023Added to the code list; new in 4Q 2024, split from Barangay 176 (1380100176): no boundary of its ' +
      "own yet; it lies in Barangay 176's territory of 4Q 2023",
  );
  // Counted on its own in 2024; in 2020 PSA's list gave 176-A the whole of old 176's count: the facts say so, and
  // what the whole came to.
  const facts = explorer.panel.getByRole('region', { name: 'Facts: Barangay 176-A' });
  await expect(facts).toContainText('Population (2024)48,719');
  await expect(facts).toContainText(
    "Population (2020)None of its own: 261,729 in PSA's 2Q 2025 list, including the population count of Barangays 176-B, 176-C, 176-D, 176-E, and 176-F",
  );
  await expect(facts).toContainText('Growth 2020–2024Not known: no count of its own in both censuses');
  await expect(facts).toContainText(
    'Barangay 176 (4Q 2023) as a whole261,729 in 2020; 266,925 in 2024 in its 6 parts, +0.47% a year',
  );
  await saveScreenshot('no-boundary-yet');
  await explorer.item(/^Barangay 175/).click();
  await expect(notice).toHaveCount(0);
});

test('Sulu, moved to Region IX under new codes in 2Q 2025, is found by its old code and says what changed', async ({
  page,
  explorer,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.search.fill('1906600000');
  const first = explorer.suggestions.first();
  await expect(first).toContainText('Sulu');
  await expect(first).toContainText('Province · Region IX (Zamboanga Peninsula)');
  await expect(first).toContainText('PSGC 1906600000 (4Q 2023, 4Q 2024) is now 0906600000');
  await saveScreenshot('old-code-search');
  await first.click();
  await expect(page).toHaveURL(/region=0900000000&province=0906600000/);
  const facts = explorer.panel.getByRole('region', { name: 'Facts: Sulu' });
  await expect(facts).toContainText('PSGC code0906600000');
  await expect(facts).toContainText(
    'Since 4Q 2023Recoded from 1906600000; moved from Bangsamoro Autonomous Region In Muslim Mindanao (BARMM) to Region IX (Zamboanga Peninsula)',
  );
  await expect(facts).toContainText('Income class1st');
  await expect(facts).toContainText(
    'Codes, classes and population: PSGC 3Q 2025 (2024 POPCEN, 2020 CPH, 2015 POPCEN); areas from boundaries of 4Q 2023',
  );
  await saveScreenshot('sulu-facts');
});
