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
 * Answers by key, least recently used dropped first past `maxBytes`. Each answer belongs to a generation of
 * the created records; a newer generation (after a create) empties the cache, so no list is answered stale.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, generation: number): CachedAnswer | undefined {
    this.moveTo(generation);
    const answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  /** Keeps an answer made while the records were at `generation`; one made across a create is dropped. */
  set(key: string, generation: number, answer: CachedAnswer) {
    if (generation !== this.generation && !this.moveTo(generation)) return;
    if (answer.body.length > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(key);
    this.entries.set(key, answer);
    this.bytes += answer.body.length;
    for (const [oldest, { body }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= body.length;
    }
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
