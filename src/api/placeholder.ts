/**
 * `placeholderData` for a record fetched at one detail level: while the same record loads at another level (the
 * zoom crossed a threshold), its answer at the last level stands in, so the panel keeps its names and lists and
 * the map its shapes; another record starts empty. Keys are [resource, 'detail', id, { level }].
 */
export const sameRecord =
  (id: unknown) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery?.queryKey[2] === id ? previous : undefined;
