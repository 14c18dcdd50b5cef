import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { LAYER, SOURCE } from './layers.ts';

// Between Ilocos Norte and Apayao the source boundaries leave a hole of about 70 km² that no barangay
// covers, around Adams (a town the source draws as one triangle). The map has no basemap, so it was drawn in
// the background's colour: triangles of sea inside Luzon. The report's view, and a point in the hole south of Adams.
const VIEW: [number, number] = [120.91, 18.46];
const HOLE: [number, number] = [120.925, 18.4];

test('land no barangay covers is drawn as land, named on hover with the towns around it', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/?region=14');
  await expect(explorer.title).toHaveText('Cordillera Administrative Region (CAR)');
  await map.drawn(LAYER.regionTownsFill);
  await map.still();
  // Moved there as a user would pan and zoom, at a zoom where the region's places around are drawn too.
  await page.evaluate((center) => window.kapuluanMap?.jumpTo({ center, zoom: 10 }), VIEW);
  await map.still();

  // What the map draws at that spot, read from the map itself: the land, not nothing (the sea).
  const drawnAt = () =>
    page.evaluate((lngLat) => {
      const m = window.kapuluanMap;
      if (!m?.loaded()) return [];
      return m.queryRenderedFeatures(m.project(lngLat)).map((f) => ({
        source: f.source,
        name: String(f.properties.name),
        around: String(f.properties.around ?? ''),
      }));
    }, HOLE);
  await expect
    .poll(async () => (await drawnAt()).find((f) => f.source === SOURCE.noBarangay)?.name)
    .toBe('Not part of any barangay in the source boundaries');
  const land = (await drawnAt()).find((f) => f.source === SOURCE.noBarangay)!;
  expect(land.around).toContain('(Ilocos Norte)');
  expect(land.around).toContain('(Apayao)');
  // Nothing else claims the spot: it is in no place's polygon.
  expect((await drawnAt()).filter((f) => f.source !== SOURCE.noBarangay && f.source !== 'attribution')).toEqual([]);

  const point = await map.pointAt(HOLE);
  await page.mouse.move(point.x, point.y);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Not part of any barangay in the source boundaries');
  await expect(tooltip).toContainText('(Apayao)');
  await expect(tooltip).toContainText('(Ilocos Norte)');
  await saveScreenshot('no-barangay-ilocos-norte-apayao');

  // A click there selects nothing: the land belongs to no place. Its answer says what the land is, in one box:
  // the hover's name gives way to it.
  await page.mouse.click(point.x, point.y);
  await expect(page).toHaveURL(/region=1400000000(?!.*province=)/);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toContainText('Not part of any barangay in the source boundaries');
  await expect(popup).toContainText('(Apayao)');
  await expect(popup).not.toContainText('No barangay here');
  await expect(tooltip).toHaveCount(0);
});

test('tapped on a phone, the land no barangay covers west of Davao City is said once, clear of the attribution', {
  tag: '@mobile',
}, async ({ page, map, isMobile, saveScreenshot }) => {
  test.skip(!isMobile, 'a tap is a hover and a click at once only on a touch screen; the desktop click is above');
  // Davao City, the camera on the 269 km² around Mount Apo that no barangay of the source covers.
  await page.goto('/?region=11&province=11024&municity=1130700&at=125.3,6.9,10');
  await map.drawn(LAYER.barangaysFill);
  await map.drawn(LAYER.noBarangayFill);
  await map.still();
  const point = await map.pointAt([125.27, 7.05]);
  await page.touchscreen.tap(point.x, point.y);
  const popup = page.getByRole('status', { name: 'What is here' });
  await expect(popup).toContainText('Not part of any barangay in the source boundaries');
  await expect(popup).toContainText('Bansalan (Davao del Sur)');
  await expect(popup).not.toContainText('No barangay here');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await saveScreenshot('no-barangay-davao-tap');
  // The answer's box stands clear of the attribution line.
  const answer = (await page.locator('.maplibregl-popup').boundingBox())!;
  const attribution = (await page.locator('.maplibregl-ctrl-attrib').boundingBox())!;
  const apart =
    answer.y + answer.height <= attribution.y ||
    attribution.y + attribution.height <= answer.y ||
    answer.x + answer.width <= attribution.x ||
    attribution.x + attribution.width <= answer.x;
  expect(apart, 'the answer does not cover the attribution').toBe(true);
});

test("a province's downloads carry the land no barangay covers beside it, as its own feature class", async ({
  page,
  explorer,
}) => {
  await page.goto('/?region=14');
  await explorer.open('Apayao');
  await explorer.panel.getByText('Download these cities and municipalities').click();
  await expect(explorer.panel.getByText(/piece(s)? of land no barangay covers \(level no-barangay\)/)).toBeVisible({
    timeout: 30_000,
  });
  const files = explorer.panel.getByRole('list', { name: 'Files' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: /^GeoJSON \d/ }).click(),
  ]);
  const collection = JSON.parse(await fs.readFile((await file.path())!, 'utf8'));
  type Props = { level: string; name: string; around?: string; province_code: string | null };
  const features: { properties: Props }[] = collection.features;
  const land = features.filter((f) => f.properties.level === 'no-barangay');
  expect(land.length).toBeGreaterThan(0);
  expect(land.every((f) => f.properties.name === 'Not part of any barangay in the source boundaries')).toBe(true);
  expect(land.every((f) => f.properties.around?.includes('(Apayao)'))).toBe(true);
  // The province's own towns are all still there, each in Apayao.
  const towns = features.filter((f) => f.properties.level !== 'no-barangay');
  expect(towns.length).toBe(7);
  expect(new Set(towns.map((f) => f.properties.province_code))).toEqual(new Set(['1408100000']));
});
