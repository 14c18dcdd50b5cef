import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { createProvince, provinceQueries } from '../../api/provinces.ts';
import { createRegion, regionQueries } from '../../api/regions.ts';

/**
 * Creating a region changes the region list and the outlines (a feature with no geometry joins them); nothing
 * else. The mutation settles only once those are fetched again, so "created" means the lists already show it.
 */
export const regionCreation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['regions', 'create'],
    mutationFn: createRegion,
    onSuccess: () =>
      Promise.all([
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
      Promise.all([
        queryClient.invalidateQueries({ queryKey: provinceQueries.list().queryKey, exact: true }),
        queryClient.invalidateQueries({
          queryKey: provinceQueries.byRegion(variables.region_id).queryKey,
          exact: true,
        }),
      ]),
  });

export const useRegionCreation = () => useMutation(regionCreation(useQueryClient()));
export const useProvinceCreation = () => useMutation(provinceCreation(useQueryClient()));
