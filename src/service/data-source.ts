/** How the service reads the built dataset: by fetch in the browser, from disk in Node. */
export interface DataSource {
  json<T>(path: string): Promise<T>;
}

/** Reads public/data over fetch; `base` is an absolute URL ending in a slash (fetch needs one in Node). */
export function fetchDataSource(base: string): DataSource {
  return {
    async json<T>(path: string) {
      const response = await fetch(new URL(path, base));
      if (!response.ok) throw new Error(`dataset ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
  };
}
