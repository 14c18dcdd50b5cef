/** The key the built-in service and `npm run api` accept when no keys are configured, and the app sends by default. */
export const DEV_API_KEY = 'kapuluan-dev-key';
