/**
 * Finished GET answers (JSON encoded, gzipped where asked) kept by the HTTP server, so a repeated request skips
 * the service, the encoding and the compression: a detailed GeoJSON answer costs about a second to make.
 */

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The key holds everything an answer depends on besides the data: the full URL (its host names the links in
 * page meta), the Authorization header as sent (an answer for one key is never given to another, or to
 * none), the encoding chosen, and Accept.
 */
export function cacheKey(url: URL, headers: { authorization?: string; accept?: string }, gzip: boolean): string {
  return JSON.stringify([url.href, headers.authorization ?? null, gzip, headers.accept ?? null]);
}

/**
 * Answers by key, least recently used dropped first past `maxBytes` (keys and bodies counted) or `maxEntries`:
 * many small answers cost memory beyond their bodies (a key holds the whole URL, and each entry its headers and
 * a Map slot), so bytes alone would not bound them. Each answer belongs to a generation of the created records;
 * a newer generation (after a create) empties the cache, so no list is answered stale.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; cost: number }>();
  private bytes = 0;
  private generation = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntries = 4096,
  ) {}

  get(key: string, generation: number): CachedAnswer | undefined {
    this.moveTo(generation);
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.answer;
  }

  /** Keeps an answer made while the records were at `generation`; one made across a create is dropped. */
  set(key: string, generation: number, answer: CachedAnswer) {
    if (generation !== this.generation && !this.moveTo(generation)) return;
    const cost = Buffer.byteLength(key) + answer.body.length;
    if (cost > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.cost;
    this.entries.delete(key);
    this.entries.set(key, { answer, cost });
    this.bytes += cost;
    for (const [oldest, { cost }] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
      this.bytes -= cost;
    }
  }

  /** What the kept answers cost, keys included. */
  get byteSize() {
    return this.bytes;
  }

  get size() {
    return this.entries.size;
  }

  /** Empties the cache for a newer generation; false for an older one, whose answers are stale. */
  private moveTo(generation: number): boolean {
    if (generation < this.generation) return false;
    if (generation > this.generation) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
    }
    return true;
  }
}
