/**
 * Where the tests' /v1 service answers and the key it accepts, with nothing else loaded: the API client's tests
 * that answer its requests themselves point it here too (`configureApi(TEST_API)`), without starting the service
 * (src/test/service-server.ts, which configures the client for the tests that do).
 */

export const TEST_KEY = 'test-key';
export const BASE = 'http://api.kapuluan.test';
/** The app's API client pointed at the tests' service with the test key. */
export const TEST_API = { apiBaseUrl: BASE, defaultApiKey: TEST_KEY };
