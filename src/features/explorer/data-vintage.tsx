import { useQuery } from '@tanstack/react-query';
import { datasetQueries } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import { settingsOpened } from '../../state/ui-store.ts';

const vintageOf = (list: { vintage?: string | null }) => list.vintage ?? null;

/**
 * Which code list the places come from, and which the boundaries were drawn for. The code list is the one the
 * service stamped its answer with (X-PSGC-Vintage), so a server on another vintage than the map's files
 * is named as such; the boundaries' vintage is the data's manifest's.
 */
export function DataVintage() {
  const manifest = useQuery(datasetQueries.manifest());
  const answered = useQuery({ ...regionQueries.list(), select: vintageOf });
  if (!manifest.data) return null;
  const { vintage: files, boundaryVintage } = manifest.data;
  const vintage = answered.data ?? files;
  return (
    <p className="vintage">
      Places: PSA PSGC {vintage}
      {answered.data && answered.data !== files ? ` (the service's; the map's files are of ${files})` : ''}
      {boundaryVintage && boundaryVintage !== vintage ? ` · boundaries of ${boundaryVintage}` : ''}
      {/* Out of the way: the built-in service needs no key, and a refused key brings its own prompt. */}
      {' · '}
      <button type="button" className="link" onClick={settingsOpened}>
        API key…
      </button>
    </p>
  );
}
