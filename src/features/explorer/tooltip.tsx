import { useHovered } from '../../state/ui-store.ts';

/** The name of the polygon under the pointer. */
export function HoverTooltip() {
  const hovered = useHovered();
  if (!hovered) return null;
  return (
    <div className="tooltip" role="tooltip" style={{ left: hovered.x + 12, top: hovered.y + 12 }}>
      {hovered.name}
    </div>
  );
}
