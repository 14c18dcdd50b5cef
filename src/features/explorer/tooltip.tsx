import { useLayoutEffect, useRef, useState } from 'react';
import { useHovered } from '../../state/ui-store.ts';
import './tooltip.css';

/** How far the name sits from the pointer, in CSS pixels. */
const GAP = 12;

/**
 * The name of the polygon under the pointer, beside it: below and to the right, or to the left or above where it
 * would run off the screen or over the map's attribution line (a long name of the towns around a piece of land
 * ran past the right edge).
 */
export function HoverTooltip() {
  const hovered = useHovered();
  const box = useRef<HTMLDivElement>(null);
  const [flip, setFlip] = useState({ left: false, up: false });
  useLayoutEffect(() => {
    const element = box.current;
    if (!hovered || !element) return;
    const { width, height } = element.getBoundingClientRect();
    const frame = element.offsetParent?.getBoundingClientRect();
    const attribution = document.querySelector('.maplibregl-ctrl-attrib')?.getBoundingClientRect();
    const right = frame?.width ?? window.innerWidth;
    const bottom = Math.min(frame?.height ?? window.innerHeight, attribution?.top ?? Number.POSITIVE_INFINITY);
    const next = { left: hovered.x + GAP + width > right, up: hovered.y + GAP + height > bottom };
    setFlip((now) => (now.left === next.left && now.up === next.up ? now : next));
  }, [hovered]);
  if (!hovered) return null;
  return (
    <div
      ref={box}
      className="tooltip"
      role="tooltip"
      style={{
        left: flip.left ? undefined : hovered.x + GAP,
        right: flip.left ? `calc(100% - ${hovered.x - GAP}px)` : undefined,
        top: flip.up ? undefined : hovered.y + GAP,
        bottom: flip.up ? `calc(100% - ${hovered.y - GAP}px)` : undefined,
      }}
    >
      {hovered.name}
    </div>
  );
}
