import { expect, test } from '@playwright/test';
import { renderedCodes } from './map.ts';

test('the first screen draws every region of the Philippines with the data attribution', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Map of the Philippines' })).toBeVisible();

  const codes = await renderedCodes(page, 'regions-fill');
  // 4Q 2023: 17 regions, each with its 10-digit PSGC region code.
  expect(codes).toHaveLength(17);
  for (const code of codes) expect(code).toMatch(/^\d{2}00000000$/);

  await expect(page.getByText(/Boundaries: PSA and NAMRIA via OCHA HDX/)).toBeVisible();
  await expect(page.getByText(/Codes: PSA PSGC 4Q 2023/)).toBeVisible();
  await page.screenshot({ path: 'screenshots/country.png' });
});
