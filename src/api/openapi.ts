import { queryOptions } from '@tanstack/react-query';
import type { OpenApiDocument } from '../contract/openapi.ts';
import { apiFetch } from './client.ts';

/** GET /v1/openapi.json: the service's own description of itself, which the API reference page shows. */
export const openApiQueries = {
  document: () =>
    queryOptions({
      queryKey: ['openapi'] as const,
      queryFn: ({ signal }) => apiFetch<OpenApiDocument>('/v1/openapi.json', { signal }),
      // It changes only with the service: one read a session.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
