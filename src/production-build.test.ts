/**
 * The browser tests' hooks on `window` (src/e2e-main.tsx) are in the build the tests and benchmarks make
 * (`--mode e2e`) and in no production build: `npm run build` starts from src/main.tsx, which passes the map, the
 * service and the configuration along rather than through globals.
 */
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every `kapuluanX` name in the JavaScript and HTML a build of `mode` writes, with how often each appears. */
async function hooksIn(mode: string) {
  const result = await build({ root, mode, logLevel: 'silent', publicDir: false, build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const names = new Set<string>();
  for (const { output } of outputs) {
    for (const file of output) {
      const text = file.type === 'chunk' ? file.code : typeof file.source === 'string' ? file.source : '';
      for (const [name] of text.matchAll(/\bkapuluan[A-Z]\w*/g)) names.add(name);
    }
  }
  return [...names].sort();
}

describe('the hooks the browser tests use', () => {
  test('are in the build with the tests’ entry', async () => {
    expect(await hooksIn('e2e')).toEqual(['kapuluanE2E', 'kapuluanE2EViaWorker', 'kapuluanMap', 'kapuluanService']);
  });

  test('are in no production build: nothing of the app is on window', async () => {
    expect(await hooksIn('production')).toEqual([]);
  });
});
