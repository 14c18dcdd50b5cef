import type { PageMeta } from '../contract/types.ts';

/** One page of items with meta whose links keep every other query parameter. */
export function paginate<T>(items: T[], url: URL, page: number, limit: number): { data: T[]; meta: PageMeta } {
  return { data: items.slice((page - 1) * limit, page * limit), meta: pageMeta(url, page, limit, items.length) };
}

/** The meta of one page of `total` items, whose links keep every other query parameter. */
export function pageMeta(url: URL, page: number, limit: number, total: number): PageMeta {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const link = (p: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(p));
    next.searchParams.set('limit', String(limit));
    return next.toString();
  };
  return {
    total,
    page,
    limit,
    totalPages,
    links: {
      self: link(page),
      next: page < totalPages ? link(page + 1) : null,
      prev: page > 1 ? link(Math.min(page - 1, totalPages)) : null,
    },
  };
}
