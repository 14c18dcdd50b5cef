import { fetchData } from '../dataset/fetch-data.ts';

/** How the service reads the built dataset: by fetch in the browser, from disk in Node. */
export interface DataSource {
  json<T>(path: string): Promise<T>;
}

/**
 * Reads public/data over fetch; `base` is an absolute URL ending in a slash (fetch needs one in Node). `early`
 * holds files already requested, by path: each such answer is read once, by the first to ask for its file.
 */
export function fetchDataSource(base: string, early: Map<string, Promise<Response>> = new Map()): DataSource {
  return {
    async json<T>(path: string) {
      const pending = early.get(path);
      early.delete(path);
      const response = await (pending ?? fetchData(new URL(path, base)));
      if (!response.ok) throw new Error(`dataset ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
  };
}
