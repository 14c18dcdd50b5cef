import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run in Debian's Chromium: Playwright cannot download its own browsers here. WebGL 2 runs in
 * software through SwiftShader (--disable-software-rasterizer would turn it off). Override the binary with
 * CHROMIUM_PATH.
 *
 * `built-in` runs every journey against the service in the browser (the default app); `mobile` the @mobile ones
 * at phone size; `http` what only HTTP can show, against `npm run api` (the app built with VITE_API_BASE_URL
 * pointing at it).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT_OFFSET moves all three servers, so two checkouts can run their tests side by side without one
// reusing the other's servers.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const APP_PORT = 5199 + offset;
const HTTP_APP_PORT = 5198 + offset;
const API_PORT = 8788 + offset;
const recordsFile = path.join(os.tmpdir(), `kapuluan-e2e-records-${process.pid}.json`);

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

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'built-in',
      use: { ...browser, baseURL: `http://127.0.0.1:${APP_PORT}` },
      testIgnore: /over-http/,
    },
    {
      // A phone: the panels become a bottom sheet; the main journeys (tagged @mobile) and the accessibility
      // scans run here too.
      name: 'mobile',
      use: {
        ...browser,
        baseURL: `http://127.0.0.1:${APP_PORT}`,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
      grep: /@mobile/,
    },
    {
      // Over HTTP, what only HTTP can show: the app against npm run api (over-http), slowed and failing
      // networks (failures), and creations stored by the server (admin). The other journeys run the same
      // service code in the browser, and the HTTP server's answers are covered by its own tests in vitest.
      name: 'http',
      use: { ...browser, baseURL: `http://127.0.0.1:${HTTP_APP_PORT}` },
      testMatch: /over-http|failures|admin/,
    },
  ],
  webServer: [
    {
      command: `npx vite --port ${APP_PORT} --strictPort`,
      url: `http://127.0.0.1:${APP_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: 'node --import tsx src/server/main.ts',
      env: { PORT: String(API_PORT), RECORDS_FILE: recordsFile },
      url: `http://127.0.0.1:${API_PORT}/v1/regions`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `npx vite --port ${HTTP_APP_PORT} --strictPort`,
      env: { VITE_API_BASE_URL: `http://127.0.0.1:${API_PORT}` },
      url: `http://127.0.0.1:${HTTP_APP_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
