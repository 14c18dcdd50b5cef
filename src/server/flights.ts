/**
 * Answers being built, by key, for the requests that ask for the same one meanwhile: they wait for it instead
 * of building it again (and taking a geometry slot each). The HTTP server keys them by the records' generation
 * and the answer cache's key, so an answer is only shared between requests that would be answered alike.
 */
export class Flights<T> {
  private readonly pending = new Map<string, Promise<T | null>>();

  /** The answer being built for `key`, once built; undefined when none is, null when it failed. */
  wait(key: string): Promise<T | null> | undefined {
    return this.pending.get(key);
  }

  /**
   * Starts one for `key`, unless one is already under way. Returns how to land it: with the answer, or null for
   * a build that failed or was refused (its waiters then build their own). Landing twice does nothing.
   */
  start(key: string): ((answer: T | null) => void) | undefined {
    if (this.pending.has(key)) return undefined;
    let land: (answer: T | null) => void = () => undefined;
    const done = new Promise<T | null>((resolve) => {
      land = (answer) => {
        if (this.pending.get(key) === done) this.pending.delete(key);
        land = () => undefined;
        resolve(answer);
      };
    });
    this.pending.set(key, done);
    return (answer) => land(answer);
  }

  get size() {
    return this.pending.size;
  }
}
