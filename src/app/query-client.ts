import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Boundary data does not change while the app is open.
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: 1 },
    },
  });
}
