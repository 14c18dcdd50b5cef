import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { createProvince, deleteProvince, patchProvince, provinceQueries } from '../../api/provinces.ts';
import { createRegion, deleteRegion, type NewRegion, patchRegion, regionQueries } from '../../api/regions.ts';
import { DETAIL_LEVELS, type DetailLevel } from '../../contract/types.ts';

/** A step of a reorganization's save: the outline drawn at one detail, then the save itself. */
export interface SaveStep {
  done: number;
  of: number;
  label: string;
}

const DETAIL_NAMES: Record<DetailLevel, string> = { simple: 'simple', medium: 'medium', detailed: 'full' };

/**
 * Creating a region from nothing changes the region list and the outlines (a feature with no geometry joins
 * them); nothing else. A region made of existing places has its outline and its parents' drawn first,
 * one detail at a time (the previews the service keeps, the one at `simple` read from the cache where the form
 * previewed it), each step reported; it changes everything the explorer has read (lists, outlines, facts, what
 * is here, the geocoder's parents), so all of it is read again. The mutation settles only once those are
 * fetched again, so "created" means the lists already show it.
 */
export const regionCreation = (queryClient: QueryClient, onStep: (step: SaveStep) => void = () => {}) =>
  mutationOptions({
    mutationKey: ['regions', 'create'],
    mutationFn: async (region: NewRegion) => {
      if (region.province_ids?.length) {
        const of = DETAIL_LEVELS.length + 1;
        for (const [i, level] of DETAIL_LEVELS.entries()) {
          onStep({ done: i, of, label: `Drawing the boundary at ${DETAIL_NAMES[level]} detail` });
          await queryClient.fetchQuery(regionQueries.preview(region, level));
        }
        onStep({ done: of - 1, of, label: 'Saving' });
      }
      return createRegion(region);
    },
    onSuccess: (_created, region) =>
      region.province_ids?.length
        ? queryClient.invalidateQueries()
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: regionQueries.list().queryKey, exact: true }),
            queryClient.invalidateQueries({ queryKey: regionQueries.allShapes() }),
          ]),
  });

/** Creating a province changes the list of all provinces and its own region's list; other regions' stay cached. */
export const provinceCreation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['provinces', 'create'],
    mutationFn: createProvince,
    onSuccess: (_created, variables) =>
      // Towns moved out of their provinces: every list, outline and record that named them is read again.
      variables.municity_ids?.length
        ? queryClient.invalidateQueries()
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: provinceQueries.list().queryKey, exact: true }),
            queryClient.invalidateQueries({
              queryKey: provinceQueries.byRegion(variables.region_id).queryKey,
              exact: true,
            }),
          ]),
  });

export const useRegionCreation = (onStep?: (step: SaveStep) => void) =>
  useMutation(regionCreation(useQueryClient(), onStep));
export const useProvinceCreation = () => useMutation(provinceCreation(useQueryClient()));

/** A created unit, by kind and id. */
export interface RecordRef {
  kind: 'region' | 'province';
  id: string;
}

/**
 * Undoing a created region or province: its members go back, and everything read may have changed. `onGone` hears
 * of it before anything is read again, so a view that showed the unit can leave it first (read again, it is a 404).
 */
export const undoing = (queryClient: QueryClient, onGone: (record: RecordRef) => void = () => {}) =>
  mutationOptions({
    mutationKey: ['records', 'undo'],
    mutationFn: ({ kind, id }: RecordRef) => (kind === 'region' ? deleteRegion(id) : deleteProvince(id)),
    onSuccess: (_answer, record) => {
      onGone(record);
      return queryClient.invalidateQueries();
    },
  });

export const useUndo = (onGone?: (record: RecordRef) => void) => useMutation(undoing(useQueryClient(), onGone));

/** Renaming or recoding a created region or province (PATCH): names show everywhere, so all is read again. */
export const renaming = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['records', 'rename'],
    mutationFn: ({
      kind,
      id,
      change,
    }: {
      kind: 'region' | 'province';
      id: string;
      change: { name: string; code: string };
    }): Promise<{ name: string; code: string }> =>
      kind === 'region' ? patchRegion(id, change) : patchProvince(id, change),
    onSuccess: () => queryClient.invalidateQueries(),
  });

export const useRenaming = () => useMutation(renaming(useQueryClient()));
