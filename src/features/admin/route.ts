import { useHashRoute } from '../../state/hash-route.ts';

/** The admin area is open while the address ends in #admin (see useHashRoute). */
export const useAdminRoute = () => useHashRoute('#admin');
