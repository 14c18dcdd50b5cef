import type { Page } from '@playwright/test';

/** Waits until the map has drawn the layer, then returns the codes of its rendered features. */
export async function renderedCodes(page: Page, layer: string): Promise<string[]> {
  await page.waitForFunction(
    (id) => {
      const map = window.kapuluanMap;
      return !!map?.getLayer(id) && map.loaded() && map.queryRenderedFeatures({ layers: [id] }).length > 0;
    },
    layer,
    { timeout: 30_000 },
  );
  return page.evaluate((id) => {
    const map = window.kapuluanMap!;
    const codes = map.queryRenderedFeatures({ layers: [id] }).map((f) => String(f.properties.code));
    return [...new Set(codes)].sort();
  }, layer);
}
