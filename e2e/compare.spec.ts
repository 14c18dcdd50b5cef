import { expect, tabTo, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

interface Place {
  name: string;
  /** A province's code; a town's is `code`. */
  psgc_code?: string;
  code?: string;
  population: number | null;
  /** The census `population` is of. */
  population_year: number;
}

/**
 * "−1,234 people (−8.1%)": the second's figure less the first's, and as a share of the first's (one decimal below
 * 100%, none above: "+439%"), as a reader works it out.
 */
function expectedDifference(a: number, b: number): string {
  const sign = (n: number) => (n < 0 ? '\u2212' : '+');
  const d = b - a;
  const percent = Math.abs((d / a) * 100);
  const share = percent < 99.95 ? percent.toFixed(1) : Math.round(percent).toLocaleString('en-PH');
  return `${sign(d)}${Math.abs(d).toLocaleString('en-PH')} people (${sign(d)}${share}%)`;
}

/**
 * A planner compares a province with a city of the next province: picks the first, goes to the second by the
 * lists, compares them from the keyboard, reads both populations and their difference against the service's own
 * figures, sees both outlined on the map, and shares the link, which opens on the same comparison.
 */
test('Batangas and the City of Calamba compared: side by side, on the map, in the link', async ({
  page,
  explorer,
  map,
  api,
  saveScreenshot,
}) => {
  await page.goto('/?region=4');
  const { body: provinces } = await api.call('/v1/provinces?region_id=4');
  const batangas = (provinces.data as Place[]).find((p) => p.name === 'Batangas')!;
  const { body: towns } = await api.call('/v1/municities?province=Laguna&limit=100');
  const calamba = (towns.data as Place[]).find((t) => t.name === 'City of Calamba')!;

  await explorer.open('Batangas');
  await explorer.panel.getByRole('button', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(/compare=0400000000\/\w+(&|$)/);
  const compare = explorer.panel.getByRole('region', { name: 'Compare two places' });
  await expect(compare.getByRole('status')).toContainText('Comparing Batangas');
  // The first place is outlined while the second is picked.
  await map.drawn(LAYER.compareLine, (codes) => expect(codes.some((c) => c.startsWith('a:'))).toBe(true));
  // Not with itself.
  const pick = compare.getByRole('button', { name: 'Compare with Batangas' });
  await expect(pick).toBeDisabled();

  await explorer.up(/CALABARZON/);
  await explorer.open('Laguna');
  await explorer.open(/^City of Calamba/);
  // From the keyboard: Tab to the button, Enter.
  await tabTo(pick);
  await page.keyboard.press('Enter');

  const table = explorer.panel.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Fact', /^Batangas/, /^City of Calamba/, 'Difference']);
  // The row of the census the service's `population` is of: the newest the code list gives.
  const populationRow = { name: new RegExp(`^Population \\(${batangas.population_year}\\)`) };
  const population = table.getByRole('row', populationRow);
  await expect(population.getByRole('cell')).toHaveText([
    batangas.population!.toLocaleString('en-PH'),
    calamba.population!.toLocaleString('en-PH'),
    expectedDifference(batangas.population!, calamba.population!),
  ]);
  await expect(table.getByRole('row', { name: /^PSGC code/ }).getByRole('cell')).toHaveText([
    batangas.psgc_code!,
    calamba.code!,
    '',
  ]);
  await map.drawn(LAYER.compareLine, (codes) => expect(codes.some((c) => c.startsWith('b:'))).toBe(true));
  await saveScreenshot('compare-batangas-calamba');

  // The link opens on the same comparison, in a new page.
  const link = page.url();
  expect(new URL(link).searchParams.get('compare')).toMatch(/^0400000000\/\w+,0400000000\/\w+\/\d+$/);
  const shared = await page.context().newPage();
  await shared.goto(link);
  await expect(shared.getByRole('table').getByRole('row', populationRow)).toContainText(
    expectedDifference(batangas.population!, calamba.population!),
  );
  await shared.close();

  // Swapped, the difference turns; left, the link forgets it; Back brings it again.
  await compare.getByRole('button', { name: 'Swap' }).click();
  await expect(population.getByRole('cell').last()).toHaveText(
    expectedDifference(calamba.population!, batangas.population!),
  );
  await compare.getByRole('button', { name: 'Leave the comparison' }).click();
  await expect(table).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('compare')).toBeNull();
  await page.goBack();
  await expect(table).toBeVisible();
});
