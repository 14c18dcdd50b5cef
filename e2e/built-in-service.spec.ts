import { expect, test } from './fixtures.ts';

test('the built-in service answers /v1 in the browser and keeps created regions over a reload', async ({
  page,
  map,
  api,
}) => {
  await page.goto('/');
  await expect(map.region).toBeVisible();

  expect((await api.call('/v1/regions')).body.meta.total).toBe(18);
  expect((await api.call('/v1/regions', { key: null })).status).toBe(401);

  const created = await api.call('/v1/regions', { method: 'POST', body: { name: 'Browser Region', code: 'BRW' } });
  expect(created.status).toBe(201);
  await page.reload();
  await expect(map.region).toBeVisible();
  const after = await api.call('/v1/regions?search=browser');
  expect(after.body.data).toEqual([expect.objectContaining({ name: 'Browser Region', code: 'BRW' })]);
});
