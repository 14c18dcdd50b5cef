/**
 * Stands in for `tough-cookie` in the app's build (vite.config.ts; the Node tests load msw's own). msw keeps a cookie jar, in
 * localStorage, for the cookies mocked answers set, and hands them to later mocked requests; tough-cookie and
 * the Public Suffix List it needs (tldts) were 40% of the built-in service's chunk, downloaded before the first
 * screen. The /v1 service reads no cookie and sets none, so the jar stays empty: it holds nothing and gives
 * nothing. msw still reads `document.cookie` into each request, as it does without a jar.
 */
// biome-ignore lint/complexity/noStaticOnlyClass: the shape of tough-cookie's class, which msw calls
export class Cookie {
  /** A stored cookie, read back: there are none. */
  static fromJSON(): null {
    return null;
  }
}

export class MemoryCookieStore {
  idx: Record<string, never> = {};
}

export class CookieJar {
  getCookiesSync(): never[] {
    return [];
  }
  async setCookie(): Promise<void> {}
}
