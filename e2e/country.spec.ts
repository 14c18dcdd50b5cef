import { expect, test } from '@playwright/test';
import { renderedCodes } from './map.ts';

test('the first screen draws every region of the Philippines with the data vintage and attribution', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Map of the Philippines' })).toBeVisible();

  const codes = await renderedCodes(page, 'regions-fill');
  // 4Q 2024: 18 regions, the Negros Island Region among them, each with its 10-digit PSGC region code.
  expect(codes).toHaveLength(18);
  expect(codes).toContain('1800000000');
  for (const code of codes) expect(code).toMatch(/^\d{2}00000000$/);

  await expect(page.getByText(/Boundaries: PSA and NAMRIA via OCHA HDX/)).toBeVisible();
  await expect(page.getByText(/Codes: PSA PSGC 4Q 2024/)).toBeVisible();
  await expect(page.getByText('Places: PSA PSGC 4Q 2024 · boundaries of 4Q 2023')).toBeVisible();
  await page.screenshot({ path: 'screenshots/country.png' });
});
