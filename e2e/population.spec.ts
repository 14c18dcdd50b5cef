import { GROWING_COLOURS, SHRINKING_COLOURS } from '../src/features/explorer/choropleth.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

interface Counts {
  code: string;
  name: string;
  population: number;
  population_year: number;
  population_2024?: number;
  population_2020: number;
  population_2015: number;
  growth_2020_2024?: number;
  density: number;
}

const AGONCILLO = '0401001000';
const figure = (n: number) => n.toLocaleString('en-PH');

/**
 * A journalist's question about a barangay: how many live there now, how many at the censuses before,
 * and how fast it grew; every figure with the census it is of.
 */
test("a barangay's facts give its 2024, 2020 and 2015 counts and its growth, each labelled with its years", async ({
  page,
  explorer,
  api,
  saveScreenshot,
}) => {
  await page.goto('/?region=4&province=4010&municity=401001&barangay=0401001001');
  const { body } = await api.call(`/v1/municities/${AGONCILLO}?geometry=simple`);
  const adia = body.geojson.features.find((f: { properties: Counts }) => f.properties.name === 'Adia')
    .properties as Counts;
  // PSA's counts of Adia: 897 (2015 POPCEN), 918 (2020 CPH), 1,004 (2024 POPCEN).
  expect([adia.population_2015, adia.population_2020, adia.population_2024]).toEqual([897, 918, 1004]);

  const facts = explorer.panel.getByRole('region', { name: 'Facts: Adia' });
  const row = (term: string) =>
    facts.locator('div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) });
  await expect(row('Population (2024)').getByRole('definition')).toHaveText(figure(1004));
  await expect(row('Population (2020)').getByRole('definition')).toHaveText(figure(918));
  await expect(row('Population (2015)').getByRole('definition')).toHaveText(figure(897));
  await expect(row('Growth 2020–2024').getByRole('definition')).toHaveText(
    `+${adia.growth_2020_2024!.toFixed(2)}% a year`,
  );
  await expect(row('Density (2024)').getByRole('definition')).toHaveText(`${figure(Math.round(adia.density))} per km²`);
  await expect(facts).toContainText('PSGC 3Q 2025 (2024 POPCEN, 2020 CPH, 2015 POPCEN)');
  // The list says each barangay's count with its census.
  await expect(explorer.list('Barangays').getByRole('listitem').filter({ hasText: /^Adia/ })).toContainText(
    `${figure(1004)} people (2024) · +2.17%/yr`,
  );
  await saveScreenshot('barangay-censuses');
});

test('Colour by growth: shrinking barangays in pinks, growing ones in greens, the legend counting both', async ({
  page,
  explorer,
  map,
  api,
  saveScreenshot,
}) => {
  await page.goto('/?region=4&province=4010&municity=401001');
  const { body } = await api.call(`/v1/municities/${AGONCILLO}?geometry=simple`);
  const barangays = body.geojson.features.map((f: { properties: Counts }) => f.properties) as Counts[];
  const byGrowth = [...barangays].sort((a, b) => a.growth_2020_2024! - b.growth_2020_2024!);
  const [fastestShrinking, fastestGrowing] = [byGrowth[0], byGrowth.at(-1)!];
  expect(fastestShrinking.growth_2020_2024).toBeLessThan(0);
  expect(fastestGrowing.growth_2020_2024).toBeGreaterThan(0);

  await expect(explorer.title).toHaveText('Agoncillo');
  await explorer.panel.getByLabel('Colour by').selectOption({ label: 'Growth 2020–2024 (% a year)' });
  await expect(page).toHaveURL(/shade=growth/);
  const legend = explorer.panel.getByRole('region', { name: 'Legend: Growth 2020–2024 (% a year)' });
  await expect(legend.getByRole('heading')).toContainText('shrinking and growing apart');
  const classes = legend.getByRole('listitem');
  await expect(classes).toHaveCount(6);
  // Every barangay is in one class: the counts add up to the town's barangays.
  const counts = (await classes.allTextContents()).map((t) => Number(t.match(/\((\d+)\)$/)![1]));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(barangays.length);
  await expect(classes.first()).toContainText(`−${Math.abs(fastestShrinking.growth_2020_2024!).toFixed(2)}%`);
  await expect(classes.last()).toContainText(`+${fastestGrowing.growth_2020_2024!.toFixed(2)}% a year`);

  // The map paints them through the expression it was given: the fastest shrinking the darkest pink, the fastest
  // growing the darkest green.
  await expect.poll(() => map.fillColourOf(LAYER.barangaysFill, fastestShrinking.code)).toBe(SHRINKING_COLOURS[0]);
  await expect.poll(() => map.fillColourOf(LAYER.barangaysFill, fastestGrowing.code)).toBe(GROWING_COLOURS[2]);
  await map.drawn(LAYER.barangaysFill);
  // The hover says the figure with its years.
  const point = await map.pointOn(LAYER.barangaysFill, 'code', fastestGrowing.code);
  await page.mouse.move(point.x, point.y);
  await expect(page.getByRole('tooltip')).toContainText(
    `${fastestGrowing.name} · +${fastestGrowing.growth_2020_2024!.toFixed(2)}% a year 2020–2024`,
  );
  await saveScreenshot('agoncillo-by-growth');
});
