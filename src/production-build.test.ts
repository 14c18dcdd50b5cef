/**
 * The browser tests' hooks on `window` (src/e2e-main.tsx) are in what the tests and benchmarks serve and build
 * (`--mode e2e`, whose page vite.config.ts's testEntry points at that entry) and in no production build:
 * `npm run build` starts from src/main.tsx, which passes the map, the service and the configuration along rather
 * than through globals. Only the production build is built here: that the hooks work in the tests' build, every
 * browser test shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type IndexHtmlTransformContext, type Rolldown, resolveConfig } from 'vite';
import { beforeAll, describe, expect, test } from 'vitest';
import { testEntry } from '../vite.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A variable of the build's environment the app does not read, holding what must never ship: an admin key set
 * there by mistake. The production build below is made with it set.
 */
const STRAY = { name: 'VITE_ADMIN_KEY', value: 'stray-admin-key-3d9f0c2b7a' };

type Output = Rolldown.RolldownOutput['output'][number];

/** What `npm run build` writes (but the public folder), made with STRAY in its environment. */
async function productionBuild(): Promise<Output[]> {
  process.env[STRAY.name] = STRAY.value;
  try {
    const result = await build({
      root,
      mode: 'production',
      logLevel: 'silent',
      publicDir: false,
      build: { write: false },
    });
    return ([result].flat() as Rolldown.RolldownOutput[]).flatMap(({ output }) => output);
  } finally {
    delete process.env[STRAY.name];
  }
}

/** A build's JavaScript and HTML, as text. */
const textOf = (outputs: Output[]) =>
  outputs
    .map((file) => (file.type === 'chunk' ? file.code : typeof file.source === 'string' ? file.source : ''))
    .join('\n');

/** Every `kapuluanX` name in a build's text. */
const hooksIn = (text: string) => [...new Set([...text.matchAll(/\bkapuluan[A-Z]\w*/g)].map(([name]) => name))].sort();

/** The scripts index.html loads in `mode`, once the configuration's plugin that swaps the entry, if any, has run. */
async function entryScripts(mode: string, command: 'serve' | 'build') {
  const config = await resolveConfig({ root, mode, logLevel: 'silent' }, command);
  let html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const swap = config.plugins.find((plugin) => plugin.name === testEntry().name)?.transformIndexHtml;
  const handler = typeof swap === 'function' ? swap : swap?.handler;
  if (handler) {
    const context = { path: '/index.html', filename: `${root}index.html` } as IndexHtmlTransformContext;
    const swapped = await handler.call({} as never, html, context);
    if (typeof swapped !== 'string') throw new Error('the test entry plugin no longer answers the page as text');
    html = swapped;
  }
  return [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map(([, src]) => src);
}

/** The one production build the describes below read. */
let production: Promise<Output[]>;
beforeAll(() => {
  production = productionBuild();
  production.catch(() => undefined);
});

describe('the hooks the browser tests use', () => {
  test('come with the tests’ entry, which `--mode e2e` loads in place of the page’s own, served or built', async () => {
    expect(existsSync(new URL('./e2e-main.tsx', import.meta.url))).toBe(true);
    expect(await entryScripts('e2e', 'serve')).toEqual(['/src/e2e-main.tsx']);
    expect(await entryScripts('e2e', 'build')).toEqual(['/src/e2e-main.tsx']);
    expect(await entryScripts('production', 'build')).toEqual(['/src/main.tsx']);
  });

  test('are in no production build: of the app, only the run-time settings config.js gives are on window', async () => {
    expect(hooksIn(textOf(await production))).toEqual(['kapuluanConfig']);
  });
});

describe('the build’s environment', () => {
  test('reaches the bundle only through the variables the app reads: a stray VITE_ADMIN_KEY does not ship', async () => {
    const text = textOf(await production);
    // Whether, not where: a failure would print the whole bundle.
    expect({ key: text.includes(STRAY.value), name: text.includes(STRAY.name) }).toEqual({ key: false, name: false });
  });
});

describe('the settings a deployment gives at run time', () => {
  test('the built page loads config.js before the app, and the build ships one that changes nothing', async () => {
    const page = (await production).find((file) => file.fileName === 'index.html');
    const html = page?.type === 'asset' ? String(page.source) : '';
    const config = html.indexOf('<script src="/config.js"></script>');
    expect(config).toBeGreaterThan(0);
    expect(config).toBeLessThan(html.indexOf('<script type="module"'));
    const shipped = readFileSync(new URL('../public/config.js', import.meta.url), 'utf8');
    expect(shipped).toMatch(/^window\.kapuluanConfig = \{\};$/m);
  });
});
