import type { PageMeta } from '../contract/types.ts';
import { apiFetch } from './client.ts';

/** Pages followed at most for one list: 100 a page, far beyond any list of regions or provinces. */
const MAX_PAGES = 50;

/** A list answer in either shape: a bare array, or `{ data, meta? }` (the meta of a paged list). */
export function listOf<T>(answer: unknown): { data: T[]; meta?: PageMeta } {
  if (Array.isArray(answer)) return { data: answer as T[] };
  const { data, meta } = (answer ?? {}) as { data?: unknown; meta?: PageMeta };
  if (!Array.isArray(data)) throw new TypeError('The list answer holds no data array');
  return { data: data as T[], meta };
}

/**
 * A whole list, page after page. The live service pages every list (10 items by default, at most 100) where the
 * interface document reads some as whole, and the app needs some whole: every province, which the admin forms
 * check a new name against, stopped at ten there. So it asks for 100 a page and follows `meta` to the last page;
 * an answer without `meta` (a server that gives the list whole, as ours does without `page`) is the whole list.
 */
export async function fetchAll<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<{ data: T[] }> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = new URL(path, 'http://x');
    url.searchParams.set('page', String(page));
    url.searchParams.set('limit', '100');
    const { data, meta } = listOf<T>(await apiFetch<unknown>(url.pathname + url.search, init));
    items.push(...data);
    if (!meta || page >= meta.totalPages || data.length === 0) break;
  }
  return { data: items };
}
