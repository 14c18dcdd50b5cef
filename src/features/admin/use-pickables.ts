import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { datasetQueries, type OutlineCollection } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import { isPsgcCode } from '../../contract/psgc.ts';
import { mergePickables, type Pickable, pickableOf } from './members.ts';

export interface Pickables {
  places: Pickable[];
  /** Their outlines at `simple`, as the map draws them for picking. */
  collection: OutlineCollection;
}

/** The PSGC-coded regions' codes and names: the regions whose built files hold the places that can move. */
const builtInRegions = (page: { data: { code: string | number; name: string }[] }) =>
  page.data.filter((r) => isPsgcCode(String(r.code))).map((r) => ({ code: String(r.code), name: r.name }));

/**
 * The places a new region can be made of: every province-level place of the code list (provinces, independent
 * cities, Metro Manila for its districts), from the built outlines at `simple`, with their region. The form's
 * list and the map's layer read the same queries; `combine` is kept while the regions are the same, so the map is
 * not handed a new collection on every render.
 */
export function usePickables(): Pickables | undefined {
  const regions = useQuery({ ...regionQueries.list(), select: builtInRegions });
  const builtIn = regions.data ?? [];
  const names = builtIn.map((r) => r.name).join('\n');
  const combine = useCallback(
    (answers: UseQueryResult<OutlineCollection>[]): Pickables | undefined => {
      const regionNames = names.split('\n');
      if (!names || answers.some((a) => !a.data)) return undefined;
      const places: Pickable[] = [];
      const features: OutlineCollection['features'] = [];
      answers.forEach((answer, i) => {
        for (const feature of answer.data!.features) {
          features.push(feature);
          places.push(pickableOf(feature.properties, regionNames[i]));
        }
      });
      return { places: mergePickables(places), collection: { type: 'FeatureCollection', features } };
    },
    [names],
  );
  return useQueries({ queries: builtIn.map((r) => datasetQueries.areas(r.code, 'simple')), combine });
}
