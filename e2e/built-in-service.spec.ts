import { expect, test } from '@playwright/test';

const KEY = 'kapuluan-dev-key';

test('the built-in service answers /v1 in the browser and keeps created regions over a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Map of the Philippines' })).toBeVisible();

  const call = (path: string, init?: { method: string; body: unknown }) =>
    page.evaluate(
      async ({ path, init, key }) => {
        const response = await fetch(path, {
          method: init?.method ?? 'GET',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: init ? JSON.stringify(init.body) : undefined,
        });
        return { status: response.status, body: await response.json() };
      },
      { path, init, key: KEY },
    );

  expect((await call('/v1/regions')).body.meta.total).toBe(18);
  expect(await page.evaluate(() => fetch('/v1/regions').then((r) => r.status))).toBe(401);

  const created = await call('/v1/regions', { method: 'POST', body: { name: 'Browser Region', code: 'BRW' } });
  expect(created.status).toBe(201);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Map of the Philippines' })).toBeVisible();
  const after = await call('/v1/regions?search=browser');
  expect(after.body.data).toEqual([expect.objectContaining({ name: 'Browser Region', code: 'BRW' })]);
});
