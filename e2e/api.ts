/** Where `npm run api` listens in the tests (playwright.config.ts: 8788, moved by E2E_PORT_OFFSET). */
export const API_ORIGIN = `http://127.0.0.1:${8788 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
