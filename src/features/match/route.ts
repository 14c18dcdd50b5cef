import { useHashRoute } from '../../state/hash-route.ts';

/** The "Match a file" area is open while the address ends in #match (see useHashRoute). */
export const useMatchRoute = () => useHashRoute('#match');
