import { QueryClient } from '@tanstack/react-query';
import { isStalled } from '../api/client.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Boundary data does not change while the app is open.
        staleTime: Number.POSITIVE_INFINITY,
        // One more try after a failure, but not after a stall: 10 s of silence is said at once, with a retry,
        // rather than after another 10 s.
        retry: (failures, error) => failures < 1 && !isStalled(error),
      },
    },
  });
}
