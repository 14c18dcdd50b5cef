import { violations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * The API reference: the service's own OpenAPI document (GET /v1/openapi.json), read from the service the app talks
 * to (the built-in one, or `npm run api` over HTTP: @http) and shown as a page from the toolbar, nothing else
 * fetched.
 */
test('the API reference lists every operation the service describes, with its parameters, body and answers', {
  tag: '@http',
}, async ({ page, api, saveScreenshot }) => {
  // Nothing from beyond this machine: no CDN, no renderer of someone else's.
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!/^(https?:\/\/127\.0\.0\.1[:/]|blob:|data:)/.test(r.url())) outside.push(r.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'API docs' }).click();
  await expect(page).toHaveURL(/#api$/);
  const reference = page.getByRole('complementary', { name: 'API reference' });
  await expect(reference.getByRole('heading', { name: 'regions', exact: true })).toBeVisible();

  // Every operation of the document the service serves to any client, each once, under its method and path.
  const { status, body: document } = await api.call('/v1/openapi.json');
  expect(status).toBe(200);
  const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.length).toBeGreaterThan(20);
  const shown = await reference
    .locator('details.api-operation > summary')
    .evaluateAll((summaries) =>
      summaries.map((s) => `${s.querySelector('.api-method')?.textContent} ${s.querySelector('code')?.textContent}`),
    );
  expect(shown.sort()).toEqual(operations.sort());
  await expect(reference).toContainText(`code list ${document.info['x-psgc-vintage']}`);

  // One opened: its parameters with their limits, and its answers, errors included, with the schema they name.
  const regions = reference.locator('details').filter({ has: page.locator('summary', { hasText: 'List regions' }) });
  await regions.locator('summary').click();
  await expect(regions.getByText('limit', { exact: true })).toBeVisible();
  await expect(regions).toContainText('1 to 100');
  await expect(regions).toContainText('default 10');
  await expect(regions).toContainText('rate_limited');
  // A schema it names: a button to that schema, opened, with its fields.
  await regions.getByRole('button', { name: 'RegionNumeric' }).first().click();
  const schema = reference.locator('details', { has: page.getByRole('heading', { name: 'RegionNumeric' }) });
  await expect(schema.locator('summary')).toBeFocused();
  await expect(schema.getByText('short_code', { exact: true })).toBeVisible();
  await saveScreenshot('api-reference');
  // The reference and the toolbar that opened it; the explorer beside it is scanned in a11y.spec.ts.
  expect(await violations(page, '.api-docs, .toolbar')).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(reference).toHaveCount(0);
  expect(outside).toEqual([]);
});
