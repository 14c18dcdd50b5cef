import { useEffect } from 'react';
import type { PlaceFigures } from '../../ui/place-figures.ts';
import { usePlaceFiguresOf } from './derived.ts';
import { yourDataOpened } from './state.ts';

export { YourDataLayers } from './your-data-layers.tsx';
export { YourDataPanel } from './your-data-panel.tsx';

/**
 * Hands the app the figures on the map, for the explorer's facts, lists and downloads (features never import
 * each other; the app puts them together), and reads the table kept in this browser.
 */
export function YourDataFigures({ onChange }: { onChange: (figures: PlaceFigures | null) => void }) {
  const figures = usePlaceFiguresOf();
  useEffect(() => {
    void yourDataOpened();
  }, []);
  useEffect(() => {
    onChange(figures);
  }, [figures, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
