import fs from 'node:fs/promises';
import { PNG } from 'pngjs';
import { CLASS_COLOURS } from '../src/features/explorer/choropleth.ts';
import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/** The picture is at twice the map's CSS pixels: what a journalist's page needs on a high-density screen. */
const PICTURE_SCALE = 2;
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/**
 * A journalist colours Batangas' towns by population and saves the picture: a PNG at twice the map's pixels with a
 * title band above and the source line below, whose legend shows every class's colour as a swatch.
 */
test('Save picture: the coloured map as a PNG at 2×, with its legend, read back', async ({ page, explorer, map }) => {
  await page.goto('/?region=4');
  await explorer.open('Batangas');
  await explorer.panel.getByLabel('Colour by').selectOption('population');
  await expect(explorer.panel.getByRole('region', { name: /^Legend: Population/ }).getByRole('listitem')).toHaveCount(
    CLASS_COLOURS.length,
  );
  await map.drawn(LAYER.townsFill);
  await map.still();
  const size = await map.region.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save picture' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const png = PNG.sync.read(await fs.readFile(await file.path()));
  await fs.mkdir('screenshots/built-in', { recursive: true });
  await fs.copyFile(await file.path(), 'screenshots/built-in/saved-picture-batangas.png');

  // Twice the map's pixels, with a band above (title) and below (source), each 42 CSS pixels.
  expect(png.width).toBe(size.width * PICTURE_SCALE);
  expect(png.height).toBe((size.height + 84) * PICTURE_SCALE);
  // The legend's swatches: each class's colour exactly, in the picture's lower-left corner (the map's fills are
  // drawn at part opacity, so their pixels are never the class colour itself).
  const found = new Set<string>();
  for (let y = Math.floor(png.height / 2); y < png.height; y++)
    for (let x = 0; x < 40 * PICTURE_SCALE; x++) {
      const i = (y * png.width + x) * 4;
      for (const colour of CLASS_COLOURS) {
        const [r, g, b] = rgb(colour);
        if (png.data[i] === r && png.data[i + 1] === g && png.data[i + 2] === b) found.add(colour);
      }
    }
  expect([...found].sort()).toEqual([...CLASS_COLOURS].sort());
});
