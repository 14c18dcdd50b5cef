import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { datasetQueries, type OutlineCollection, outlineFiles } from '../../api/dataset.ts';
import type { DetailLevel } from '../../contract/types.ts';
import type { PlaceLevel, StepPlace } from '../../ui/place-figures.ts';
import type { CodeBook } from './code-book.ts';

/** Above `medium`, a region's or a province's places are drawn at `medium`: 100 m is finer than a pixel there. */
const atMost = (detail: DetailLevel): 'simple' | 'medium' => (detail === 'simple' ? 'simple' : 'medium');

/**
 * The province-level area a town's polygon file is of: the town itself where it stands apart (a highly urbanized
 * city, each of Metro Manila's), else its province, the code's first five digits (RR PPP).
 */
export const areaOfTown = (town: string, book: CodeBook) => (book.unit(town)?.area ? town : `${town.slice(0, 5)}00000`);

/**
 * The built files of a table's places drawn at a step: a region's or the country's places of the table's level
 * (every barangay of the province opened, in one file), or none where the step shows no such place (barangays
 * at the country); undefined while what decides them loads.
 */
export function filesAt(
  level: PlaceLevel,
  place: StepPlace,
  book: CodeBook,
  regionAreas: string[] | undefined,
): string[] | undefined {
  const { kind, detail } = place;
  const areasOfTowns = () => (place.towns ? [...new Set(place.towns.map((t) => areaOfTown(t, book)))] : undefined);
  switch (level) {
    case 'region':
      return kind === 'country' ? [outlineFiles.regions(atMost(detail))] : [];
    case 'province':
      if (kind === 'country') return [outlineFiles.overviewAreas];
      if (kind === 'region') return place.region ? [outlineFiles.areas(atMost(detail), place.region)] : undefined;
      return [];
    case 'town':
      if (kind === 'region') return regionAreas?.map((area) => outlineFiles.towns(atMost(detail), area));
      if (kind === 'country') return [];
      return areasOfTowns()?.map((area) => outlineFiles.towns(detail, area));
    case 'barangay':
      if (kind === 'province') return areasOfTowns()?.map(outlineFiles.areaBarangays);
      if (kind === 'municity') return place.town ? [outlineFiles.barangays(detail, place.town)] : undefined;
      return [];
  }
}

const EMPTY: OutlineCollection = { type: 'FeatureCollection', features: [] };

/** The files' features as one collection; undefined until every file has come. Defined once: see useQueries. */
function combine(results: UseQueryResult<OutlineCollection>[]): OutlineCollection | undefined {
  if (results.some((r) => !r.data)) return undefined;
  if (results.length === 1) return results[0].data;
  return { type: 'FeatureCollection', features: results.flatMap((r) => r.data!.features) };
}

/** The places a table's figures are drawn on at a step, read from the built files (see filesAt). */
export function useDrawnPlaces(level: PlaceLevel | undefined, place: StepPlace, book: CodeBook | undefined) {
  const needsRegionAreas = level === 'town' && place.kind === 'region' && !!place.region;
  const areas = useQuery({
    ...datasetQueries.outlines(outlineFiles.areas('simple', place.region ?? '')),
    enabled: needsRegionAreas,
    select: (c: OutlineCollection) => c.features.map((f) => f.properties.code),
  });
  const files = level && book ? filesAt(level, place, book, areas.data) : [];
  const collection = useQueries({
    queries: (files ?? []).map((path) => datasetQueries.outlines(path)),
    combine,
  });
  if (!files) return undefined;
  return files.length ? collection : EMPTY;
}
