import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { APP_ENV_VARIABLES } from './src/config/config.ts';

/** The built data's version (its inputs hash): the name its files are kept under in the browser (src/dataset/fetch-data.ts). */
function dataVersion(): string {
  try {
    const manifest = readFileSync(new URL('./public/data/manifest.json', import.meta.url), 'utf8');
    return String(JSON.parse(manifest).inputsHash ?? '');
  } catch {
    return ''; // no data built yet: nothing is kept
  }
}

/**
 * The chunks the entry imports dynamically (MapLibre's, src/map/maplibre.ts, then the app's, src/app/boot.tsx), with
 * what they import, asked for by the page itself, in that order: the entry (src/main.tsx) is kept small so the
 * built-in service and its data start first, and it imports them dynamically, which alone would wait a round trip
 * for the entry before the largest files could start (150 ms on a mobile link).
 */
function preloadApp(entries: string[]): Plugin {
  let base = '/';
  return {
    name: 'kapuluan:preload-app',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const seen = new Set<string>();
        const js: string[] = [];
        const css = new Set<string>();
        const workers = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
          seen.add(fileName);
          if (!chunk.isEntry) js.push(fileName); // the entry is the page's own script
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const file of chunk.viteMetadata?.importedAssets ?? []) if (/\.m?js$/.test(file)) workers.add(file);
          for (const imported of chunk.imports) add(imported);
        };
        // The chunk that holds each module, its facade or not (MapLibre's chunk is named after the library).
        for (const entry of entries)
          for (const chunk of Object.values(bundle))
            if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith(entry))) add(chunk.fileName);
        const link = (rel: string, href: string, more: Record<string, string | boolean> = {}): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, href: base + href, crossorigin: '', ...more },
          injectTo: 'head',
        });
        // Vite lists the entry's own imports already: each file once, as a second link is a second request where
        // the host sends no cache headers.
        const unlisted = (file: string) => !html.includes(`"${base}${file}"`);
        return [
          ...js.filter(unlisted).map((file) => link('modulepreload', file)),
          ...[...css].filter(unlisted).map((file) => link('preload', file, { as: 'style' })),
          // MapLibre's worker script (imported by URL), which the map needs before it can draw anything: on its way
          // now, rather than once MapLibre's chunk has run. As a `fetch` preload, which the bootstrap's own fetch of
          // it takes whatever the cache headers (src/map/maplibre.ts); a `prefetch` was downloaded again.
          ...[...workers].filter(unlisted).map((file) => link('preload', file, { as: 'fetch' })),
        ];
      },
    },
  };
}

/**
 * The browser tests' entry (src/e2e-main.tsx) in place of the page's own (src/main.tsx), in `--mode e2e` only: the
 * hooks it puts on `window` (the map, the service, the answers' overrides) are in no other build.
 */
const E2E_MODE = 'e2e';
export function testEntry(): Plugin {
  return {
    name: 'kapuluan:test-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        const page = '<script type="module" src="/src/main.tsx"></script>';
        if (!html.includes(page)) throw new Error(`index.html no longer loads ${page}`);
        return html.replace(page, '<script type="module" src="/src/e2e-main.tsx"></script>');
      },
    },
  };
}

/**
 * Only the `VITE_*` variables the app reads reach the bundle (APP_ENV_VARIABLES, src/config/config.ts). Vite takes
 * every `VITE_*` variable of the build's environment into `import.meta.env`, and the page's entry reads that object
 * whole (loadConfig), so each would be inlined, a `VITE_ADMIN_KEY` as well; the rest are dropped once the
 * configuration is resolved, before any module is transformed.
 */
export function onlyAppEnv(): Plugin {
  const allowed = new Set(APP_ENV_VARIABLES);
  return {
    name: 'kapuluan:only-app-env',
    configResolved(config) {
      for (const name of Object.keys(config.env)) {
        if (name.startsWith('VITE_') && !allowed.has(name)) delete config.env[name];
      }
    },
  };
}

/**
 * The browser tests' servers (playwright.config.ts) serve one build of the app, each with its own run-time settings:
 * in `--mode e2e`, `vite preview` answers `/config.js` from KAPULUAN_CONFIG (JSON) where it is set, as a deployment
 * serves its own config.js (docs/configuration.md, "At run time"). A server without it serves the build's file.
 */
export function configFromEnv(): Plugin {
  return {
    name: 'kapuluan:config-from-env',
    configurePreviewServer(server) {
      const settings = process.env.KAPULUAN_CONFIG;
      if (!settings) return;
      const script = `window.kapuluanConfig = ${JSON.stringify(JSON.parse(settings))};\n`;
      server.middlewares.use(`${server.config.base}config.js`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-store');
        response.end(script);
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    onlyAppEnv(),
    preloadApp(['src/map/maplibre.ts', 'src/app/boot.tsx']),
    mode === E2E_MODE && [testEntry(), configFromEnv()],
  ],
  define: { 'import.meta.env.VITE_KAPULUAN_DATA_VERSION': JSON.stringify(dataVersion()) },
  // msw's cookie jar, which the /v1 service never fills, without tough-cookie and its Public Suffix List.
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('./src/mocks/no-cookie-jar.ts', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173 },
  // The test entry's build goes beside the production one, never over it: dist/ is what gets deployed.
  build: { outDir: mode === E2E_MODE ? 'dist-e2e' : 'dist' },
  // The app's workers are module workers (`type: 'module'`): built as ES modules they split as the page does, so
  // a table's reader loads exceljs (about 900 KB) only for a workbook, not for every CSV.
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173 },
}));
