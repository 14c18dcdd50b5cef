import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/**
 * A ZIP code looked up: typed into the search, it offers the town that has it, and the town's facts
 * list its ZIP codes, with where they come from.
 */
test('searching the ZIP code 4027 offers Calamba, and its facts show the code', async ({
  page,
  explorer,
  map,
  saveScreenshot,
}) => {
  await page.goto('/');
  await explorer.search.fill('4027');
  const first = explorer.suggestions.first();
  await expect(first).toContainText('City of Calamba');
  await expect(first).toContainText('placed by ZIP 4027');
  await saveScreenshot('zip-search');
  await first.click();
  await expect(page).toHaveURL(/municity=0403405000(&|$)/);
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes.length).toBeGreaterThan(40));
  const facts = explorer.panel.getByRole('region', { name: 'Facts: City of Calamba' });
  await expect(facts.getByRole('definition').filter({ hasText: '4027' })).toBeVisible();
  await expect(facts.getByRole('term').filter({ hasText: /^ZIP codes?$/ })).toBeVisible();
  await expect(facts).toContainText('ZIP codes: PHLPost (FOI)');
  await saveScreenshot('zip-facts');
});
