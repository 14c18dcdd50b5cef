import fs from 'node:fs/promises';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { needOf } from '../src/contract/roles.ts';
import type { YOUR_DATA } from '../src/features/your-data/layers.ts';
import { ADMIN_KEY_STORAGE_KEY, API_KEY_STORAGE_KEY, API_ORIGIN, DEV_API_KEY, E2E_ADMIN_KEY } from './env.ts';
import type { LAYER } from './layers.ts';
import { type Backend, createNetwork, type Network } from './network.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

/**
 * The vocabulary of the browser tests: every spec imports `test` and `expect` from here. Pages are located by
 * role and name, the map through its own API (queryRenderedFeatures), and anything read from the map is polled
 * until it holds, never read once: the map draws after the data arrives, later under load.
 */
export { expect };

/** A layer the app draws (e2e/layers.ts, or a user's figures'): the map is asked for what it has drawn on it. */
type LayerId = (typeof LAYER)[keyof typeof LAYER] | typeof YOUR_DATA.fill;

type ListName = 'Regions' | 'Provinces' | 'Cities and municipalities' | 'Barangays';

/** The explorer panel: its drill-down lists, breadcrumbs, search box, and the API key dialog. */
export class Explorer {
  readonly panel: Locator;
  /** The open place's name: Philippines, a region, a province or a town. */
  readonly title: Locator;
  readonly breadcrumbs: Locator;
  readonly alert: Locator;
  readonly search: Locator;
  /** What the search box offers as the user types. */
  readonly suggestions: Locator;
  readonly keyDialog: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Explorer' });
    this.title = this.panel.getByRole('heading', { level: 1 });
    this.breadcrumbs = this.panel.getByRole('navigation', { name: 'Breadcrumbs' });
    this.alert = this.panel.getByRole('alert');
    this.search = this.panel.getByRole('combobox', { name: 'Search places' });
    this.suggestions = page.getByRole('listbox', { name: 'Places' }).getByRole('option');
    this.keyDialog = page.getByRole('dialog', { name: 'API key' });
  }

  list(name: ListName) {
    return this.panel.getByRole('list', { name });
  }

  /** A place in the panel's lists; a string is its whole name, a RegExp for names followed by details. */
  item(name: string | RegExp) {
    return this.panel.getByRole('button', { name, exact: typeof name === 'string' });
  }

  /** Opens a region, province or town from the lists, and waits for its view. */
  async open(name: string | RegExp) {
    await this.item(name).click();
    await expect(this.title).toHaveText(name);
  }

  /** Goes back up to a place in the breadcrumbs. */
  async up(to: string | RegExp) {
    await this.breadcrumbs.getByRole('button', { name: to }).click();
  }

  /** Opens the API key dialog from the alert that says the key was refused. */
  async askForKey() {
    await this.panel.getByRole('button', { name: 'Enter an API key' }).click();
    await expect(this.keyDialog).toBeVisible();
  }

  /** Enters a key in the API key dialog, which must be open, and uses it. */
  async enterKey(key = DEV_API_KEY) {
    await this.keyDialog.getByLabel('Key').fill(key);
    await this.keyDialog.getByRole('button', { name: 'Use this key' }).click();
  }

  /** Makes the app send `key` from its next request on, as a key entered earlier in the session. */
  async keepKey(key: string) {
    await this.page.evaluate(([name, value]) => sessionStorage.setItem(name, value), [API_KEY_STORAGE_KEY, key]);
  }

  /** The same before the page loads: the app starts with `key`. */
  async startWithKey(key: string) {
    await this.page.addInitScript(([name, value]) => sessionStorage.setItem(name, value), [API_KEY_STORAGE_KEY, key]);
  }
}

/** The admin panel: the two creation forms and the list of created records. */
export class Admin {
  readonly panel: Locator;
  readonly regionForm: Locator;
  readonly provinceForm: Locator;
  readonly created: Locator;
  /** Where the admin area asks for an admin key (over HTTP, while the tab holds none). */
  readonly keyForm: Locator;
  readonly keyField: Locator;
  /** What the admin area says once an admin key is checked and kept. */
  readonly keyHeld: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Admin' });
    this.keyForm = this.panel.getByRole('form', { name: 'Admin key' });
    this.keyField = this.keyForm.getByLabel('Admin key', { exact: true });
    this.keyHeld = this.panel.getByRole('region', { name: 'Admin key' }).getByText('kept for this tab only');
    this.regionForm = this.panel.getByRole('form', { name: 'New region' });
    this.provinceForm = this.panel.getByRole('form', { name: 'New province' });
    this.created = this.panel.getByRole('list', { name: 'Created records' });
  }

  async open() {
    await this.page.getByRole('button', { name: 'Admin', exact: true }).click();
  }

  async close() {
    await this.panel.getByRole('button', { name: 'Close' }).click();
    await expect(this.panel).toHaveCount(0);
  }

  /**
   * Creates the province the form holds with no towns: the form first says what it will be (an empty province),
   * and creates it on the explicit click.
   */
  async createEmptyProvince() {
    await this.provinceForm.getByRole('button', { name: 'Create province' }).click();
    await this.provinceForm.getByRole('button', { name: 'Create the empty province' }).click();
  }

  /** Types an admin key where the admin area asks for one, and uses it. */
  async enterAdminKey(key = E2E_ADMIN_KEY) {
    await this.keyField.fill(key);
    await this.keyForm.getByRole('button', { name: 'Use admin key' }).click();
  }

  /** Makes the app send `key` with its next writes, as an admin key entered earlier in the tab. */
  async keepAdminKey(key: string) {
    await this.page.evaluate(([name, value]) => sessionStorage.setItem(name, value), [ADMIN_KEY_STORAGE_KEY, key]);
  }
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a person moving by keyboard would; fails
 * when it is not reached within `most` presses.
 */
export async function tabTo(target: Locator, { back = false, most = 40 } = {}) {
  const page = target.page();
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

type Point = { x: number; y: number };

/** The map, read through MapLibre's own API on `window.kapuluanMap` (the tests' entry, src/e2e-main.tsx). */
/** The "Match a file" area: a file of addresses read, matched, reviewed and exported. */
export class Matcher {
  readonly area: Locator;
  readonly fileInput: Locator;
  readonly summary: Locator;
  readonly rows: Locator;
  readonly details: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.area = page.getByRole('region', { name: 'Match a file' });
    this.fileInput = this.area.getByLabel('Choose a file');
    this.summary = this.area.locator('.match-summary');
    this.rows = this.area.getByRole('listbox', { name: /^Rows/ });
    this.details = this.area.getByRole('region', { name: /^Row \d+$/ });
    this.alert = this.area.getByRole('alert');
  }

  async open() {
    await this.page.goto('/#match');
    await expect(this.area.getByRole('heading', { name: 'Match a file' })).toBeVisible();
  }

  /** Gives the area a file, as the file picker would. */
  async upload(name: string, content: string | Buffer, mimeType = 'text/csv') {
    await this.fileInput.setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  }

  /** The select saying what a column of the preview holds. */
  roleOf(column: string) {
    return this.area.getByLabel(`What column “${column}” holds`);
  }

  /** The row of the list whose text has `text`. */
  row(text: string | RegExp) {
    return this.rows.getByRole('option').filter({ hasText: text });
  }

  /** Clicks an export button and returns the downloaded file's name and text. */
  async export(kind: 'CSV' | 'Excel' | 'GeoJSON') {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.area.getByRole('group', { name: 'Export' }).getByRole('button', { name: kind }).click(),
    ]);
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: await fs.readFile(file) };
  }
}

/** "Add your data", in the explorer's panel: a table read and joined, its report, its figures' legend. */
export class YourData {
  readonly panel: Locator;
  /** The line that opens it while no table is kept. */
  readonly opener: Locator;
  readonly fileInput: Locator;
  readonly report: Locator;
  readonly legend: Locator;
  readonly alert: Locator;
  readonly column: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Explorer' });
    this.opener = this.panel.getByText('Add your data', { exact: true });
    this.fileInput = this.panel.getByLabel('Open a table');
    this.report = this.panel.getByRole('region', { name: 'Join report' });
    this.legend = this.panel.getByRole('region', { name: /^Legend: .*\(your table\)$/ });
    this.alert = this.panel.locator('.your-data').getByRole('alert');
    this.column = this.panel.getByLabel('Figures from');
  }

  /** Gives it a table, as the file picker would (opening it first when no table is kept). */
  async upload(name: string, content: string | Buffer, mimeType = 'text/csv') {
    if (!(await this.fileInput.count())) await this.opener.click();
    await this.fileInput.setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  }

  /** The join report's counts, by what they count: rows, joined, not joined, duplicates, other level. */
  async counts() {
    await expect(this.report).toBeVisible();
    const lines = await this.report.locator('.your-data-counts li').allInnerTexts();
    const [rows, joined, notJoined, duplicates, otherLevel] = lines.map((l) =>
      Number(l.split(' ')[0].replace(/,/g, '')),
    );
    return { rows, joined, notJoined, duplicates, otherLevel };
  }

  async show() {
    await this.panel.getByRole('button', { name: 'Show on the map' }).click();
    await expect(this.legend).toBeVisible();
  }

  /** Each entry of the legend as written ("3,051 to 6,028 (24)"), and its count. */
  async legendEntries() {
    const texts = await this.legend.getByRole('listitem').allInnerTexts();
    return texts.map((text) => ({ text, count: Number(/\(([\d,]+)\)$/.exec(text)?.[1].replace(/,/g, '')) }));
  }

  async remove() {
    await this.panel.getByRole('button', { name: 'Remove this table' }).click();
  }
}

export class MapProbe {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Map of the Philippines' });
  }

  /** The codes of the features the map draws in a layer now, sorted; none until the map has loaded. Poll it. */
  codes(layer: LayerId): Promise<string[]> {
    return this.page.evaluate((id) => {
      const map = window.kapuluanMap;
      if (!map?.getLayer(id) || !map.loaded()) return [];
      const codes = map.queryRenderedFeatures({ layers: [id] }).map((f) => String(f.properties.code));
      return [...new Set(codes)].sort();
    }, layer);
  }

  /**
   * Waits until the map draws features in the layer and `check` holds on their codes, then returns the codes.
   * A layer drawn from several answers fills in one answer at a time, so a single read can catch it half done.
   */
  async drawn(layer: LayerId, check: (codes: string[]) => void = () => {}): Promise<string[]> {
    let codes: string[] = [];
    await expect(async () => {
      codes = await this.codes(layer);
      expect(codes, `features drawn in ${layer}`).not.toHaveLength(0);
      check(codes);
    }).toPass({ timeout: 30_000 });
    return codes;
  }

  /**
   * The colour a shaded layer's expression gives a unit (by its code): the branch of the `match` MapLibre was
   * given that lists it; null until the layer is shaded. Poll it.
   */
  fillColourOf(layer: LayerId, code: string): Promise<string | null> {
    return this.page.evaluate(
      ([layer, code]) => {
        const colour: unknown = window.kapuluanMap?.getPaintProperty(layer, 'fill-color');
        if (!Array.isArray(colour) || colour[0] !== 'match') return null;
        const branch = colour.findIndex((part: unknown) => Array.isArray(part) && part.includes(code));
        return branch > 0 ? colour[branch + 1] : null;
      },
      [layer, code],
    );
  }

  /** Waits until the camera has stopped: the detail level that follows the zoom is then the one to stay. */
  async still() {
    await expect
      .poll(() => this.page.evaluate(() => !!window.kapuluanMap?.loaded() && !window.kapuluanMap.isMoving()))
      .toBe(true);
  }

  /** Where a point of a source is, by its code ([lng, lat]); undefined until the source has it. Poll it. */
  pointOf(source: string, code: string) {
    return this.page.evaluate(
      ([source, code]) => {
        const [feature] =
          window.kapuluanMap?.querySourceFeatures(source, { filter: ['==', ['get', 'code'], code] }) ?? [];
        return feature?.geometry.type === 'Point' ? (feature.geometry.coordinates as [number, number]) : undefined;
      },
      [source, code],
    );
  }

  /** The bounds [west, south, east, north] of what a source holds now; undefined while it is empty. */
  boundsOf(source: string) {
    return this.page.evaluate((source) => {
      const coordinates = (window.kapuluanMap?.querySourceFeatures(source) ?? []).flatMap((f) =>
        f.geometry.type === 'Polygon'
          ? f.geometry.coordinates.flat()
          : f.geometry.type === 'MultiPolygon'
            ? f.geometry.coordinates.flat(2)
            : [],
      );
      if (!coordinates.length) return undefined;
      const xs = coordinates.map((c) => c[0]);
      const ys = coordinates.map((c) => c[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }, source);
  }

  featureState(source: string, id: string) {
    return this.page.evaluate(([source, id]) => window.kapuluanMap?.getFeatureState({ source, id }), [source, id]);
  }

  /** A screen point on a longitude and latitude. */
  pointAt(lngLat: [number, number]): Promise<Point> {
    return this.page.evaluate((lngLat) => {
      const map = window.kapuluanMap!;
      const p = map.project(lngLat);
      const box = map.getCanvas().getBoundingClientRect();
      return { x: p.x + box.left, y: p.y + box.top };
    }, lngLat);
  }

  /**
   * A screen point inside a drawn feature of the layer whose `property` is `value`, found with the map's own
   * API, and not covered by a panel (a click there reaches the map). Waits until there is one.
   */
  async pointOn(layer: LayerId, property: string, value: string): Promise<Point> {
    const found: { point?: Point | null } = {};
    await expect(async () => {
      found.point = await this.page.evaluate(findPoint, { layer, property, value });
      expect(found.point, `a point on ${layer} where ${property} is ${value}`).not.toBeNull();
    }).toPass({ timeout: 30_000 });
    return found.point!;
  }
}

function findPoint({ layer, property, value }: { layer: string; property: string; value: string }) {
  const map = window.kapuluanMap;
  if (!map?.getLayer(layer) || !map.loaded()) return null;
  const canvas = map.getCanvas().getBoundingClientRect();
  for (let y = 20; y < canvas.height - 20; y += 12) {
    for (let x = 20; x < canvas.width - 20; x += 12) {
      const hit = map.queryRenderedFeatures([x, y], { layers: [layer] })[0];
      if (!hit || String(hit.properties[property]) !== value) continue;
      const point = { x: x + canvas.left, y: y + canvas.top };
      if (document.elementFromPoint(point.x, point.y) === map.getCanvas()) return point;
    }
  }
  return null;
}

/** Calls /v1 from inside the page, as another client of the app's service would. */
export class ApiCaller {
  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  /**
   * `key: null` sends no key. By default the development key, and over HTTP the servers' admin key for what needs
   * one (the built-in service's development key may do everything).
   */
  call(path: string, { method = 'GET', body, key }: { method?: string; body?: unknown; key?: string | null } = {}) {
    if (key === undefined) {
      key = this.origin && needOf(method, path.split('?')[0]) === 'admin' ? E2E_ADMIN_KEY : DEV_API_KEY;
    }
    return this.page.evaluate(
      async ({ url, method, body, key }) => {
        // The built-in service's worker, which answers other clients, starts once the first screen is drawn.
        await window.kapuluanService?.catch(() => {});
        const response = await fetch(url, {
          method,
          headers: { ...(key && { authorization: `Bearer ${key}` }), 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      { url: `${this.origin}${path}`, method, body, key },
    );
  }
}

export interface E2EOptions {
  /** Set per project in playwright.config.ts. */
  backend: Backend;
  /**
   * Over HTTP, the page starts with the servers' admin key in its tab's session, as if the admin had entered it
   * earlier; a journey about entering it turns this off.
   */
  adminKeyInSession: boolean;
  /** Where `api.call` sends requests when the backend is `http` (the live-shaped server for the live project). */
  apiOrigin: string;
  /**
   * The journey moves the code list's own units (a province into a new region): over HTTP it runs on a server of
   * its own (e2e/own-server.ts), as what it moves is read by journeys on the shared one beside it.
   */
  movesCodeListUnits: boolean;
}

/** Saves a screenshot of the page as screenshots/<project>/<name>.png: a journey run by several projects keeps one each. */
type Screenshot = (name: string) => Promise<void>;

export const test = base.extend<
  {
    explorer: Explorer;
    admin: Admin;
    matcher: Matcher;
    yourData: YourData;
    map: MapProbe;
    api: ApiCaller;
    network: Network;
    saveScreenshot: Screenshot;
    ownServer: OwnServer | null;
  } & E2EOptions
>({
  backend: ['built-in', { option: true }],
  adminKeyInSession: [true, { option: true }],
  // What the page threw and logged as errors: an error nobody caught fails the test (the app crashed, or a
  // handler did, whatever was asserted), and a failed test prints both, as CI keeps no trace.
  movesCodeListUnits: [false, { option: true }],
  ownServer: async ({ backend, movesCodeListUnits, baseURL }, use, testInfo) => {
    if (backend !== 'http' || !movesCodeListUnits) return use(null);
    const server = await startOwnServer(new URL(baseURL as string).origin);
    await use(server);
    await server.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('the server of its own printed', { body: server.printed(), contentType: 'text/plain' });
    }
  },
  page: async ({ page, backend, adminKeyInSession, ownServer }, use, testInfo) => {
    await ownServer?.serve(page);
    if (backend === 'http' && adminKeyInSession) {
      await page.addInitScript(
        ([name, value]) => sessionStorage.setItem(name, value),
        [ADMIN_KEY_STORAGE_KEY, E2E_ADMIN_KEY],
      );
    }
    const thrown: string[] = [];
    const logged: string[] = [];
    const start = Date.now();
    const at = () => `${((Date.now() - start) / 1000).toFixed(1)} s`;
    page.on('pageerror', (error) => thrown.push(`${at()} ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      // Warnings too: what the page said it worked around (a late download, say) explains a failure.
      if (message.type() === 'error' || message.type() === 'warning') {
        logged.push(`${at()} ${message.type()}: ${message.text()}`);
      }
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && (thrown.length || logged.length)) {
      await testInfo.attach('what the page threw or logged', {
        body: [...thrown.map((e) => `thrown: ${e}`), ...logged.map((e) => `console: ${e}`)].join('\n'),
        contentType: 'text/plain',
      });
    }
    expect(thrown, 'errors the page threw and nothing caught').toEqual([]);
  },
  apiOrigin: [API_ORIGIN, { option: true }],
  explorer: async ({ page }, use) => use(new Explorer(page)),
  admin: async ({ page }, use) => use(new Admin(page)),
  matcher: async ({ page }, use) => use(new Matcher(page)),
  yourData: async ({ page }, use) => use(new YourData(page)),
  map: async ({ page }, use) => use(new MapProbe(page)),
  api: async ({ page, backend, apiOrigin, ownServer }, use) =>
    use(new ApiCaller(page, backend === 'http' ? (ownServer?.origin ?? apiOrigin) : '')),
  // Set up before the test's first line, so its log holds every request of the page.
  network: async ({ page, backend }, use) => {
    const network = await createNetwork(page, backend);
    await use(network);
    await network.close();
  },
  saveScreenshot: async ({ page }, use, testInfo) =>
    use(async (name) => {
      await page.screenshot({ path: `screenshots/${testInfo.project.name}/${name}.png` });
    }),
});
