/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The built data's version (its inputs hash): the name its files are kept under in the browser (src/dataset/fetch-data.ts). */
function dataVersion(): string {
  try {
    const manifest = readFileSync(new URL('./public/data/manifest.json', import.meta.url), 'utf8');
    return String(JSON.parse(manifest).inputsHash ?? '');
  } catch {
    return ''; // no data built yet: nothing is kept
  }
}

export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_KAPULUAN_DATA_VERSION': JSON.stringify(dataVersion()) },
  // msw's cookie jar, which the /v1 service never fills, without tough-cookie and its Public Suffix List.
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('./src/mocks/no-cookie-jar.ts', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Vitest's default in a run is one worker fewer than the cores: one, on the 2-core machines CI and we use.
    // The files are independent (each service test starts on a fresh store), so use every core, at least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The built-data tests read tens of megabytes of GeoJSON.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
