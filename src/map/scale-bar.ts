/** The Earth's circumference at the equator, in metres (Web Mercator's sphere), over MapLibre's 512-pixel tile. */
const METRES_PER_PIXEL_AT_ZOOM_0 = 40_075_016.686 / 512;

/** Metres one CSS pixel spans at a latitude and zoom, in Web Mercator. */
export const metresPerPixel = (latitude: number, zoom: number) =>
  (METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;

/**
 * A scale bar as a map's printed key draws one: the longest round distance (1, 2 or 5 times a power of ten) that
 * fits in `maxPixels`, its length in pixels, and its label ("50 km", "200 m").
 */
export function scaleBar(metresPerPx: number, maxPixels: number): { pixels: number; label: string } {
  const most = metresPerPx * maxPixels;
  const power = 10 ** Math.floor(Math.log10(most));
  const round = [5, 2, 1].map((n) => n * power).find((d) => d <= most) ?? power;
  const label = round >= 1000 ? `${round / 1000} km` : `${round} m`;
  return { pixels: round / metresPerPx, label };
}
