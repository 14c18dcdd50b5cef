import { useHashRoute } from '../../state/hash-route.ts';

/** The API reference is open while the address ends in #api (see useHashRoute). */
export const useApiDocsRoute = () => useHashRoute('#api');
