import { useQuery } from '@tanstack/react-query';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { useMemo } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import type { DetailLevel } from '../../contract/types.ts';
import type { Facts } from './fact-rows.ts';
import { featureWithId } from './lookup.ts';
import { barangayFacts, provinceFacts, regionFacts, townFacts } from './place-facts.ts';
import { kindOf, type PlaceRef } from './place-ref.ts';

/** A place's outline as drawn: its polygons, each with a code and a name. */
export type Outline = Feature<Polygon | MultiPolygon, { code: string; name: string }>[];

/** What is known of a place: its facts and where it lies, its outline, and whether reading them failed. */
export interface PlaceShown {
  facts?: Facts;
  /** Where it lies, to tell two places of one name apart: a barangay's town, a town's province, a province's region. */
  within?: string;
  outline?: Outline;
  error?: Error;
  /** Asks again for what failed. */
  retry: () => void;
  /** Every answer is here and names no such place (a link to a place since undone, or mistyped). */
  missing: boolean;
}

/**
 * A place of any level read through the same answers, and into the same facts, as its step (place-facts.ts): the
 * region from the regions' list, a province from its record, a town from its record, a barangay from its town's
 * barangays; its outline from the boundaries the explorer draws, at `detail`. Queries a place of another level
 * does not need are skipped, and those the explorer made already are answered from the cache.
 */
export function usePlace(place: PlaceRef | undefined, detail: DetailLevel): PlaceShown {
  const kind = place && kindOf(place);
  const is = (k: typeof kind) => kind === k;
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions, enabled: !!place });
  const provinces = useQuery({
    ...provinceQueries.byRegion(is('region') ? place?.region : undefined),
    select: dataOf,
  });
  const regionShapes = useQuery({ ...regionQueries.shapes(detail), enabled: is('region') });
  const province = useQuery({
    ...provinceQueries.detail(is('province') || is('municity') ? place?.province : undefined, detail),
  });
  const psgc = province.data?.data.psgc_code;
  const provinceOutline = useQuery(provinceQueries.outlines(psgc ? [psgc] : [], detail, is('province')));
  const town = useQuery({ ...municityQueries.record(place?.municity ?? 0), enabled: is('municity') });
  const barangays = useQuery(municityQueries.detail(is('barangay') ? place?.municity : undefined, detail));
  const whole = useQuery(datasetQueries.splitOf(is('barangay') ? place?.barangay : undefined)).data;

  const queries = [regions, provinces, regionShapes, province, provinceOutline, town, barangays];
  const error = queries.find((q) => q.error)?.error ?? undefined;
  type Drawn = Feature<Polygon | MultiPolygon | null, { code: string; name: string }>;
  const read = ((): { facts?: Facts; within?: string; drawn?: Drawn | Drawn[] } => {
    if (!place) return {};
    if (kind === 'region') {
      const region = regions.data?.byId.get(place.region);
      const drawn = featureWithId(regionShapes.data, place.region);
      return { facts: region && regionFacts(region, provinces.data), drawn };
    }
    const p = province.data;
    if (kind === 'province') {
      const within = regions.data?.byId.get(place.region)?.name;
      // Metro Manila has no outline of its own (no PSGC code): its cities together stand for it.
      const drawn = psgc ? provinceOutline.data?.features : p?.geojson.features;
      return { facts: p && provinceFacts(p.data), within, drawn };
    }
    if (kind === 'municity') {
      const t = town.data?.data;
      // An independent city lies in a province of the code list but is not part of it (crumbs.ts says the same).
      const independentOf = t?.independent && p?.data.psgc_code ? p.data.name : undefined;
      const drawn = featureWithId(p?.geojson, place.municity);
      return { facts: t && townFacts(t, independentOf), within: p?.data.name, drawn };
    }
    const feature = barangays.data?.geojson.features.find((f) => f.properties.code === place.barangay);
    const barangay = feature && { ...feature.properties, boundary: feature.geometry !== null };
    return { facts: barangay && barangayFacts(barangay, whole), within: barangays.data?.data.name, drawn: feature };
  })();
  // The same outline while the answers it comes from stay: the map is given new data only when it changes.
  const { drawn } = read;
  const outline = useMemo(() => polygons(drawn && (Array.isArray(drawn) ? drawn : [drawn])), [drawn]);
  const settled = !!place && queries.every((q) => !q.isFetching && (q.isSuccess || q.fetchStatus === 'idle'));
  const retry = () => {
    for (const q of queries) if (q.error) void q.refetch();
  };
  const { facts, within } = read;
  return { facts, within, outline, error: error ?? undefined, retry, missing: settled && !error && !facts };
}

/** The features that have a polygon, as an outline; undefined while none is known. */
function polygons(
  features: Feature<Polygon | MultiPolygon | null, { code: string; name: string }>[] | undefined,
): Outline | undefined {
  return features?.filter((f): f is Outline[number] => f.geometry !== null);
}
