import { useQuery } from '@tanstack/react-query';
import { municityQueries } from '../../api/municities.ts';
import type { DetailLevel } from '../../api/types.ts';
import type { ExplorerView } from './view.ts';

/**
 * Said on the map, where the chosen barangay would be highlighted, when it has no polygon: new since the
 * boundary files (4Q 2024's Barangay 176-A of Caloocan) or missing from them.
 */
export function NoBoundaryNote({ view, level }: { view: ExplorerView; level: DetailLevel }) {
  const town = useQuery(municityQueries.detail(view.municity, level));
  const chosen = town.data?.geojson.features.find((f) => f.properties.code === view.barangay);
  if (!chosen || chosen.geometry) return null;
  return (
    <p className="map-note" role="status">
      No boundary yet for {chosen.properties.name}: the boundary files do not draw it.
    </p>
  );
}
