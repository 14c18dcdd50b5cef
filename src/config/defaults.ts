/**
 * Constants the app shares with Node code: the browser tests' environment (e2e/env.ts) imports them from here,
 * so neither side retypes them.
 */

export { DEV_API_KEY } from '../contract/dev-key.ts';

/** Where a key the user entered is kept for the session (sessionStorage). */
export const API_KEY_STORAGE_KEY = 'kapuluan.api-key';

/**
 * Where an admin key a person entered is kept for the tab (sessionStorage): sent only with the requests
 * that change the map or read its audit trail; never built into the app, never in localStorage.
 */
export const ADMIN_KEY_STORAGE_KEY = 'kapuluan.admin-key';
