/**
 * Constants the app shares with Node code that cannot load config.ts (it reads import.meta.env): the browser
 * tests' environment (e2e/env.ts) imports them from here, so neither side retypes them.
 */

/** The key the built-in service and `npm run api` accept when no keys are configured. */
export const DEV_API_KEY = 'kapuluan-dev-key';

/** Where a key the user entered is kept for the session (sessionStorage). */
export const API_KEY_STORAGE_KEY = 'kapuluan.api-key';
