import { LAYER } from '../src/map/layers.ts';
import { expect, test } from './fixtures.ts';

test('the Negros Island Region opens with its provinces and Bacolod, drawn on the 2023 boundaries', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.open('Negros Island Region (NIR)');
  await expect(page).toHaveURL(/region=18/);
  await expect(explorer.list('Provinces').getByRole('button')).toHaveText([
    'Negros Occidental',
    'Negros Oriental',
    'Siquijor',
  ]);
  await map.drawn(LAYER.regionTownsFill, (towns) => {
    expect(towns).toContain('1830200000'); // City of Bacolod, under its 4Q 2024 code
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
  await expect(page).toHaveURL(/\?region=18$/);
  const point = await map.pointOn(LAYER.regionTownsFill, 'province', '18046');
  await page.mouse.click(point.x, point.y);
  await expect(page).toHaveURL(/province=18046/);
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
  const notice = page.getByRole('status').filter({ hasText: 'No boundary yet' });
  await expect(notice).toHaveText(
    'No boundary yet. Barangay 176-A has no boundary in the data, so the map cannot draw it.',
  );
  // Its facts say what the change report says of it.
  await expect(explorer.panel.getByRole('region', { name: 'Facts: Barangay 176-A' })).toContainText(
    'Since 4Q 2023New in this code list; new in 4Q 2024: no boundary yet (the boundaries are of 4Q 2023)',
  );
  await saveScreenshot('no-boundary-yet');
  await explorer.item(/^Barangay 175/).click();
  await expect(notice).toHaveCount(0);
});
