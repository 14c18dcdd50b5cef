import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
// @ts-expect-error shpjs ships no types; it reads a zipped Shapefile into GeoJSON, as QGIS's readers do.
import shp from 'shpjs';
import { CLASS_COLOURS } from '../src/features/explorer/choropleth.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

interface Town {
  name: string;
  code: string;
  density: number | null;
  /** The census the population and the density are of (2024 from the 3Q 2025 list). */
  density_year: number;
}

/**
 * A planner's questions about a province: which of its towns is the most crowded, how the others
 * compare on a map, and the code of the most crowded one, taken away without retyping it.
 */
test('the most crowded town of Batangas: sorted, shaded, opened, its code copied and its barangays downloaded', async ({
  page,
  context,
  explorer,
  map,
  api,
  saveScreenshot,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The region's provinces sort too: the most crowded first, by the service's own figures.
  await page.goto('/?region=4');
  const { body: region } = await api.call('/v1/provinces?region_id=4');
  const crowded = (region.data as Town[]).reduce((a, b) => ((b.density ?? 0) > (a.density ?? 0) ? b : a));
  // Every figure says its census: the sort, the legend and the hover.
  const year = crowded.density_year;
  expect(year).toBe(2024);
  const byDensity = `Density (${year}), highest first`;
  const densityShade = `Density (people per km², ${year})`;
  await explorer.panel.getByLabel('Sort by').selectOption({ label: byDensity });
  await expect(explorer.list('Provinces').getByRole('button').first()).toHaveText(crowded.name);
  await explorer.open('Batangas');
  await expect(explorer.panel.getByRole('region', { name: 'Facts: Batangas' })).toContainText(
    'Contains5 cities · 29 municipalities',
  );

  // What the service says, to check the app against: the towns' densities.
  const { body } = await api.call('/v1/municities?province=Batangas&limit=100');
  const towns = (body.data as Town[]).filter((t) => t.density != null);
  const densest = towns.reduce((a, b) => (b.density! > a.density! ? b : a));

  // Sorted by density, the densest comes first, its figure under its name.
  await explorer.panel.getByLabel('Sort by').selectOption({ label: byDensity });
  const rows = explorer.list('Cities and municipalities').getByRole('listitem');
  await expect(rows.first().getByRole('button')).toHaveText(new RegExp(`^${densest.name}`));
  await expect(rows.first()).toContainText(
    `${densest.density!.toLocaleString('en-PH', { maximumFractionDigits: 0 })}/km²`,
  );

  // Shaded by density: the link says so, the legend's top class ends at the densest town's figure.
  await explorer.panel.getByLabel('Colour by').selectOption({ label: densityShade });
  await expect(page).toHaveURL(/shade=density/);
  const legend = explorer.panel.getByRole('region', { name: `Legend: ${densityShade}` });
  const classes = legend.getByRole('listitem');
  await expect(classes).toHaveCount(5);
  const top = `${Math.round(densest.density!).toLocaleString('en-PH')} per km²`;
  await expect(classes.last()).toContainText(top);
  // The map paints the densest town in the darkest class, through the expression it was given.
  await expect
    .poll(() => map.fillColourOf(LAYER.townsFill, densest.code))
    .toBe(CLASS_COLOURS[CLASS_COLOURS.length - 1]);
  await map.drawn(LAYER.townsFill);
  // The hover names the town with its figure.
  const point = await map.pointOn(LAYER.townsFill, 'code', densest.code);
  await page.mouse.move(point.x, point.y);
  await expect(page.getByRole('tooltip')).toContainText(`${densest.name} · ${top} in ${year}`);
  await saveScreenshot('batangas-by-density');

  // The densest town, opened: its code is copied to the clipboard as the facts card shows it.
  await rows.first().getByRole('button').click();
  await expect(explorer.title).toHaveText(densest.name);
  await expect(page).toHaveURL(/shade=density/);
  const facts = explorer.panel.getByRole('region', { name: `Facts: ${densest.name}` });
  await expect(facts).toContainText(`PSGC code${densest.code}`);
  await facts.getByRole('button', { name: `Copy PSGC code ${densest.code}` }).click();
  await expect(facts.getByRole('button', { name: /^Copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(densest.code);
  // "Copied" is said for a moment, then the button reads as before (src/ui/use-clipboard.ts).
  await expect(facts.getByRole('button', { name: `Copy PSGC code ${densest.code}` })).toBeVisible();
  // Its barangays are shaded in turn, with their own legend.
  await expect(explorer.panel.getByRole('region', { name: `Legend: ${densityShade}` })).toBeVisible();
  await map.drawn(LAYER.barangaysFill);
  await saveScreenshot('densest-town');

  // Its barangays taken away: the three files, each named for what it holds, read back here.
  const count = await explorer.list('Barangays').getByRole('listitem').count();
  await explorer.panel.getByText('Download these barangays').click();
  const files = explorer.panel.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('button', { name: /^Shapefile/ })).toBeVisible({ timeout: 30_000 });
  await saveScreenshot('densest-town-downloads');
  const slug = densest.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const geojson = await download(page, files.getByRole('button', { name: /^GeoJSON \d/ }));
  expect(geojson.name).toMatch(new RegExp(`^${slug}-barangays-(simple|medium|detailed)-psgc-\\dq\\d{4}\\.geojson$`));
  const collection = JSON.parse(geojson.body.toString('utf8'));
  expect(collection.features).toHaveLength(count);
  expect(collection.attribution).toMatch(/PSA/);
  const codes = collection.features.map((f: { properties: { code: string } }) => f.properties.code);
  expect(
    new Set(collection.features.map((f: { properties: { municity_code: string } }) => f.properties.municity_code)),
  ).toEqual(new Set([densest.code]));

  const csv = await download(page, files.getByRole('button', { name: /^CSV/ }));
  expect(csv.name).toBe(geojson.name.replace(/\.geojson$/, '.csv'));
  const csvRows = Papa.parse<{ code: string }>(csv.body.toString('utf8').replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(csvRows.map((r) => r.code)).toEqual(codes);
  // The figures' columns name their census.
  expect(Object.keys(csvRows[0])).toEqual(
    expect.arrayContaining([
      'population_2024',
      'population_2020',
      'population_2015',
      'growth_2020_2024',
      'density_2024',
    ]),
  );

  const zip = await download(page, files.getByRole('button', { name: /^Shapefile/ }));
  expect(zip.name).toBe(geojson.name.replace(/\.geojson$/, '.zip'));
  const layers = await shp(zip.body);
  const layer = Array.isArray(layers) ? layers[0] : layers;
  const drawn = collection.features
    .filter((f: { geometry: unknown }) => f.geometry)
    .map((f: { properties: { code: string } }) => f.properties.code);
  expect(layer.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual(drawn);
});

/** Clicks a download button and returns the saved file's name and bytes. */
async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), body: await fs.readFile((await file.path())!) };
}
