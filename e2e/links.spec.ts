import { expect, test } from './fixtures.ts';
import { LAYER } from './layers.ts';

/**
 * The explorer's links: each step named by its PSGC code, the links written before (by the API's ids) still
 * opening the same view, and a link to a place that is not there saying so.
 */

test('a link in the older form, by the API ids with a camera, opens the same view, shown in the current form, and the steps taken from it are written by code; a province named by its code alone opens under its region', async ({
  page,
  explorer,
  map,
}) => {
  await page.goto('/?region=4&province=4010&municity=401001&barangay=0401001006&at=120.93,13.96,12.5');
  await expect(explorer.title).toHaveText('Agoncillo');
  await expect(explorer.breadcrumbs).toContainText('Batangas');
  // Once open, the address bar (and so "Copy link") holds it in the current form, the camera as it was.
  await expect(page).toHaveURL(
    /\?region=0400000000&province=0401000000&municity=0401001000&barangay=0401001006&at=[-\d.]+,[-\d.]+,[\d.]+$/,
  );
  await map.drawn(LAYER.barangaysFill, (codes) => expect(codes).toContain('0401001006'));
  await expect.poll(() => map.featureState('barangays', '0401001006')).toMatchObject({ selected: true });
  await map.still();
  const camera = await page.evaluate(() => {
    const m = window.kapuluanMap!;
    return { ...m.getCenter(), zoom: m.getZoom() };
  });
  expect(camera.lng).toBeCloseTo(120.93, 1);
  expect(camera.lat).toBeCloseTo(13.96, 1);
  expect(camera.zoom).toBeCloseTo(12.5, 0);

  await explorer.up('Batangas');
  await expect(page).toHaveURL(/\?region=0400000000&province=0401000000(&|$)/);
  await explorer.open('Agoncillo');
  await expect(page).toHaveURL(/\?region=0400000000&province=0401000000&municity=0401001000(&|$)/);

  // A province named by its code alone: its region is in the code, and the link is written with it.
  await page.goto('/?province=0702200000');
  await expect(explorer.title).toHaveText('Cebu');
  await expect(explorer.breadcrumbs).toContainText('Central Visayas');
  await expect(page).toHaveURL(/\?region=0700000000&province=0702200000(&|$)/);
});

test('a link to a province that is not there says it was not found and leads back up to its region', async ({
  page,
  explorer,
  saveScreenshot,
}) => {
  await page.goto('/?region=4&province=410');
  const notice = explorer.panel.getByRole('alert');
  await expect(notice).toContainText('not found');
  await expect(explorer.panel.getByText(/Loading/)).toHaveCount(0);
  // Said once, in the panel, with the way up: the map does not call it boundaries that failed to load.
  await expect(page.getByRole('alert')).toHaveCount(1);
  await saveScreenshot('link-not-found');
  await notice.getByRole('button', { name: /Region IV-A/ }).click();
  await expect(page).toHaveURL(/\?region=0400000000$/);
  await expect(explorer.item('Batangas')).toBeVisible();
});
