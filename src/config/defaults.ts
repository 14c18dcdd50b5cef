/**
 * Constants the app shares with Node code that cannot load config.ts (it reads import.meta.env): the browser
 * tests' environment (e2e/env.ts) imports them from here, so neither side retypes them.
 */

export { DEV_API_KEY } from '../contract/dev-key.ts';

/** Where a key the user entered is kept for the session (sessionStorage). */
export const API_KEY_STORAGE_KEY = 'kapuluan.api-key';
