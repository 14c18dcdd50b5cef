import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import {
  API_ORIGIN,
  API_SERVER_COMMAND,
  APP_ORIGIN,
  apiServerEnv,
  HTTP_APP_ORIGIN,
  LIVE_API_ORIGIN,
  LIVE_APP_ORIGIN,
  ports,
} from './e2e/env.ts';
import type { E2EOptions } from './e2e/fixtures.ts';

/**
 * Browser tests run in Debian's Chromium: Playwright cannot download its own browsers here. WebGL 2 runs in
 * software through SwiftShader (--disable-software-rasterizer would turn it off). Override the binary with
 * CHROMIUM_PATH.
 *
 * Projects pick tests by tag, not by file: `built-in` runs every journey against the service in the browser
 * (the default app) but those tagged @http-only, @live-only or @built-in-on-phone; `mobile` the @mobile ones at
 * phone size; `http` the @http and @http-only ones, against `npm run api` (the app told its address at run time);
 * `live` the @live and @live-only ones. A journey runs in a second project only for what that
 * project alone can show (docs/testing.md, "What each project runs"): a step that is the same code on a phone
 * and a desktop, or over HTTP and in the page, runs once.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromium,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/**
 * The servers: `npm run api` twice (the standard answers and the live-shaped ones), and one build of the app with the
 * tests' entry (`--mode e2e`), served by `vite preview` three times: as it ships (the built-in service), and pointed
 * at each API by the run-time settings its server serves as `/config.js` (KAPULUAN_CONFIG: vite.config.ts,
 * configFromEnv), as a deployment's config.js does (docs/configuration.md). A page then loads 16 bundled files where
 * the dev server sends 162 modules to compile, 1.4 s to its regions against 2.2 s, and the tests load pages about 150
 * times. Playwright starts the servers one after another, in this order: the build first, which the other two apps
 * serve.
 */
type WebServer = {
  command: string;
  env?: Record<string, string>;
  url: string;
  reuseExistingServer: boolean;
  timeout: number;
};

const common = { reuseExistingServer: !process.env.CI, timeout: 120_000 };
const preview = (port: number) => `npx vite preview --mode e2e --port ${port} --strictPort`;

/** An app served from the one build, calling `api` (its origin is the only page `api` answers CORS for). */
const appCalling = (port: number, api: string): WebServer => ({
  command: preview(port),
  env: { KAPULUAN_CONFIG: JSON.stringify({ apiBaseUrl: api }) },
  url: `http://127.0.0.1:${port}`,
  ...common,
});

/** `npm run api`, for the app on `appPort` (e2e/env.ts, apiServerEnv). */
const api = (port: number, appPort: number, env: Record<string, string> = {}): WebServer => ({
  command: API_SERVER_COMMAND,
  env: apiServerEnv(port, `http://127.0.0.1:${appPort}`, env),
  // Ready when it says so: its geocoder built, every worker up (GET /readyz answers 503 until then).
  url: `http://127.0.0.1:${port}/readyz`,
  ...common,
});

export default defineConfig<E2EOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on the 2-core machines CI and we use, 10.3 min against 8.7.
  workers: Math.max(1, availableParallelism()),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A trace records every action's snapshots and a screencast of the page: 14% of the tests' time (118.9 s
  // against 136.5 s for explorer and search). CI keeps only what the tests print, so no trace could be read
  // there; a failure's message and screenshot are what it shows. Locally, a failed test keeps its trace.
  use: { trace: process.env.CI ? 'off' : 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'built-in',
      use: { ...browser, baseURL: APP_ORIGIN },
      // @built-in-on-phone: a journey whose built-in run is the phone's, and whose desktop run is over HTTP.
      grepInvert: /@http-only|@live-only|@built-in-on-phone/,
    },
    {
      // A phone: the panels become a bottom sheet. Only what differs there is tagged @mobile: the accessibility
      // scans (over an opaque sheet axe can check the panel's colour contrast, which over the map it cannot), the
      // drill-down and a barangay picked far down a list (the camera fits above the sheet, the list scrolls in it),
      // the admin sheet stepping down while provinces are picked on the map, and the match list's statuses in words.
      name: 'mobile',
      use: {
        ...browser,
        baseURL: APP_ORIGIN,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
      grep: /@mobile/,
    },
    {
      // Over HTTP, what only HTTP can show (@http, @http-only): the app against npm run api, slowed and failing
      // networks on the wire, and creations stored by the server. The other journeys run the same service code
      // in the browser, and the HTTP server's answers are covered by its own tests in vitest. A journey tagged
      // @live is over HTTP in the live project already, so it is not tagged @http too.
      name: 'http',
      use: { ...browser, baseURL: HTTP_APP_ORIGIN, backend: 'http' },
      grep: /@http/,
    },
    {
      // Against answers shaped as the live service's documentation shows (API_FLAVOUR=live, issue 19): the
      // journeys tagged @live (explore, search, admin, match a file) and a list longer than ten (@live-only).
      name: 'live',
      use: { ...browser, baseURL: LIVE_APP_ORIGIN, backend: 'http', apiOrigin: LIVE_API_ORIGIN },
      grep: /@live/,
    },
  ],
  webServer: [
    {
      command: `npx vite build --mode e2e --emptyOutDir --logLevel error && ${preview(ports.app)}`,
      url: APP_ORIGIN,
      ...common,
    },
    api(ports.api, ports.httpApp),
    appCalling(ports.httpApp, API_ORIGIN),
    api(ports.liveApi, ports.liveApp, { API_FLAVOUR: 'live' }),
    appCalling(ports.liveApp, LIVE_API_ORIGIN),
  ],
});
