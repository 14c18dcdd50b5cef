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

/**
 * A screen point inside a rendered feature of the layer that satisfies `where`, checked with the map's own API,
 * and not covered by a panel (the click must reach the map).
 */
export async function pointOnFeature(page: Page, layer: string, property: string, value: string) {
  return page.evaluate(
    ({ layer, property, value }) => {
      const map = window.kapuluanMap!;
      const canvas = map.getCanvas().getBoundingClientRect();
      for (let y = 20; y < canvas.height - 20; y += 12) {
        for (let x = 20; x < canvas.width - 20; x += 12) {
          const hit = map.queryRenderedFeatures([x, y], { layers: [layer] })[0];
          if (!hit || String(hit.properties[property]) !== value) continue;
          const point = { x: x + canvas.left, y: y + canvas.top };
          if (document.elementFromPoint(point.x, point.y) === map.getCanvas()) return point;
        }
      }
      return null;
    },
    { layer, property, value },
  );
}
