import { useQuery } from '@tanstack/react-query';
import { datasetQueries } from '../../api/dataset.ts';
import { settingsOpened } from '../../state/ui-store.ts';

/** Which code list the places come from, and which the boundaries were drawn for, from the data's manifest. */
export function DataVintage() {
  const manifest = useQuery(datasetQueries.manifest());
  if (!manifest.data) return null;
  const { vintage, boundaryVintage } = manifest.data;
  return (
    <p className="vintage">
      Places: PSA PSGC {vintage}
      {boundaryVintage && boundaryVintage !== vintage ? ` · boundaries of ${boundaryVintage}` : ''}
      {/* Out of the way: the built-in service needs no key, and a refused key brings its own prompt. */}
      {' · '}
      <button type="button" className="link" onClick={settingsOpened}>
        API key…
      </button>
    </p>
  );
}
