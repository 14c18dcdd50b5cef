import { LAYER } from '../src/map/layers.ts';
import { expect, test } from './fixtures.ts';

test('the first screen draws every region of the Philippines with the data vintage and attribution', async ({
  page,
  map,
  saveScreenshot,
}) => {
  await page.goto('/');
  await expect(map.region).toBeVisible();

  // 4Q 2024: 18 regions, the Negros Island Region among them, each with its 10-digit PSGC region code.
  await map.drawn(LAYER.regionsFill, (codes) => {
    expect(codes).toHaveLength(18);
    expect(codes).toContain('1800000000');
    for (const code of codes) expect(code).toMatch(/^\d{2}00000000$/);
  });

  await expect(page.getByText(/Boundaries: PSA and NAMRIA via OCHA HDX/)).toBeVisible();
  await expect(page.getByText(/Codes: PSA PSGC 4Q 2024/)).toBeVisible();
  await expect(page.getByText('Places: PSA PSGC 4Q 2024 · boundaries of 4Q 2023')).toBeVisible();
  await saveScreenshot('country');
});
