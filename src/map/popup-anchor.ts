import type { PositionAnchor } from 'maplibre-gl';

/** Room kept between a popup and the point it answers, in CSS pixels (its tip). */
const GAP = 12;

/**
 * Where a popup goes around its point (MapLibre's anchor: the side of the popup at the point), so that it stays in
 * the part of the map in view: above the point where it fits, else below it, else beside it; where it fits nowhere,
 * on the side with more room, and `height` is what it may take there (it scrolls). `area.bottom` is where the map
 * stops being seen: the attribution line, and on a phone the sheet under it, which MapLibre's own choice (the
 * container's height) does not know of; a tap near the top of a phone's map put a tall answer over both.
 */
export function popupAnchor(
  point: { x: number; y: number },
  size: { width: number; height: number },
  area: { width: number; bottom: number },
): { anchor: PositionAnchor; height?: number } {
  const above = point.y - GAP;
  const below = area.bottom - point.y - GAP;
  const horizontal = point.x < size.width / 2 ? '-left' : point.x > area.width - size.width / 2 ? '-right' : '';
  if (size.height <= above) return { anchor: `bottom${horizontal}` };
  if (size.height <= below) return { anchor: `top${horizontal}` };
  const centred = point.y - size.height / 2 >= 0 && point.y + size.height / 2 <= area.bottom;
  if (centred && point.x + GAP + size.width <= area.width) return { anchor: 'left' };
  if (centred && point.x - GAP - size.width >= 0) return { anchor: 'right' };
  return above > below
    ? { anchor: `bottom${horizontal}`, height: above }
    : { anchor: `top${horizontal}`, height: below };
}
