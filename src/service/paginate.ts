import type { PageMeta } from '../contract/types.ts';

/** One page of items with meta whose links keep every other query parameter. */
export function paginate<T>(items: T[], url: URL, page: number, limit: number): { data: T[]; meta: PageMeta } {
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const link = (p: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(p));
    next.searchParams.set('limit', String(limit));
    return next.toString();
  };
  return {
    data: items.slice((page - 1) * limit, page * limit),
    meta: {
      total,
      page,
      limit,
      totalPages,
      links: {
        self: link(page),
        next: page < totalPages ? link(page + 1) : null,
        prev: page > 1 ? link(Math.min(page - 1, totalPages)) : null,
      },
    },
  };
}
