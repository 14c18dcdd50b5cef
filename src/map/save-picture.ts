import type { MapLibreMap } from './maplibre.ts';
import { metresPerPixel, scaleBar } from './scale-bar.ts';

/** What is printed around the map: a title, the legend's classes (if the map is coloured), the source line. */
export interface PictureParts {
  title: string;
  legend?: { title: string; items: { colour: string; text: string }[] };
  /** Where the data comes from and its vintage: "Boundaries: … Codes: PSA PSGC 2Q 2025." */
  source: string;
}

/** The picture's scale: twice the CSS pixels, as a journalist's page is read on a high-density screen. */
export const PICTURE_SCALE = 2;
const PAD = 12;
const LINE = 18;

/**
 * The map as shown, captured at twice its pixels without keeping WebGL's drawing buffer (which would slow every
 * frame): the map is drawn once at pixel ratio 2 and read in the same task as the frame, then put back.
 */
async function mapCanvasAt2x(map: MapLibreMap): Promise<HTMLCanvasElement> {
  const before = map.getPixelRatio();
  map.setPixelRatio(PICTURE_SCALE);
  try {
    return await new Promise((resolve) => {
      map.once('render', () => {
        const source = map.getCanvas();
        const copy = document.createElement('canvas');
        copy.width = source.width;
        copy.height = source.height;
        copy.getContext('2d')?.drawImage(source, 0, 0);
        resolve(copy);
      });
      map.triggerRepaint();
    });
  } finally {
    map.setPixelRatio(before);
  }
}

/**
 * The current view as a PNG at 2×: the title above the map, the legend and a scale bar drawn on the map's lower
 * left, the source and vintage line under it. Sizes are in CSS pixels, scaled by 2.
 */
export async function savePicture(map: MapLibreMap, parts: PictureParts): Promise<Blob> {
  const shot = await mapCanvasAt2x(map);
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const top = PAD * 2 + LINE;
  const bottom = PAD * 2 + LINE;
  const canvas = document.createElement('canvas');
  canvas.width = width * PICTURE_SCALE;
  canvas.height = (height + top + bottom) * PICTURE_SCALE;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot draw a picture (no 2D canvas).');
  g.scale(PICTURE_SCALE, PICTURE_SCALE);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height + top + bottom);
  g.fillStyle = '#1b2a38';
  g.font = 'bold 18px system-ui, sans-serif';
  g.textBaseline = 'middle';
  g.fillText(parts.title, PAD, PAD + LINE / 2, width - 2 * PAD);
  g.drawImage(shot, 0, top, width, height);
  g.font = '12px system-ui, sans-serif';
  g.fillStyle = '#3d4a56';
  g.fillText(parts.source, PAD, top + height + PAD + LINE / 2, width - 2 * PAD);
  let y = top + height - PAD;
  y = drawScale(g, map, PAD, y);
  if (parts.legend) drawLegend(g, parts.legend, PAD, y - PAD);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
}

/** A scale bar for the map's centre, its bottom at `bottom`; returns its top. */
function drawScale(g: CanvasRenderingContext2D, map: MapLibreMap, left: number, bottom: number): number {
  const { pixels, label } = scaleBar(metresPerPixel(map.getCenter().lat, map.getZoom()), 120);
  const h = 30;
  g.fillStyle = 'rgba(255,255,255,0.9)';
  g.fillRect(left, bottom - h, pixels + 16, h);
  g.strokeStyle = '#1b2a38';
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(left + 8, bottom - 14);
  g.lineTo(left + 8, bottom - 8);
  g.lineTo(left + 8 + pixels, bottom - 8);
  g.lineTo(left + 8 + pixels, bottom - 14);
  g.stroke();
  g.fillStyle = '#1b2a38';
  g.font = '11px system-ui, sans-serif';
  g.fillText(label, left + 8, bottom - 21);
  return bottom - h;
}

/** The legend's box: its title, then a swatch and a text per class; its bottom at `bottom`. */
function drawLegend(
  g: CanvasRenderingContext2D,
  legend: NonNullable<PictureParts['legend']>,
  left: number,
  bottom: number,
) {
  g.font = '12px system-ui, sans-serif';
  const textWidth = Math.max(...[legend.title, ...legend.items.map((i) => i.text)].map((t) => g.measureText(t).width));
  const w = Math.min(textWidth + 40, 320);
  const h = (legend.items.length + 1) * LINE + 12;
  const top = bottom - h;
  g.fillStyle = 'rgba(255,255,255,0.92)';
  g.fillRect(left, top, w, h);
  g.fillStyle = '#1b2a38';
  g.font = 'bold 12px system-ui, sans-serif';
  g.fillText(legend.title, left + 8, top + 6 + LINE / 2, w - 16);
  g.font = '12px system-ui, sans-serif';
  legend.items.forEach((item, i) => {
    const y = top + 6 + (i + 1) * LINE;
    g.fillStyle = item.colour;
    g.fillRect(left + 8, y + 3, 16, LINE - 6);
    g.strokeStyle = '#3d4a56';
    g.lineWidth = 0.5;
    g.strokeRect(left + 8, y + 3, 16, LINE - 6);
    g.fillStyle = '#1b2a38';
    g.fillText(item.text, left + 30, y + LINE / 2, w - 38);
  });
}
