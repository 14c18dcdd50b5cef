import { queryOptions } from '@tanstack/react-query';
import type { PageMeta } from '../contract/types.ts';
import { apiFetch } from './client.ts';

/** A created unit as the audit trail shows it before or after a change. */
export interface AuditedUnit {
  numeric_id: number;
  id: string;
  name: string;
  code: string;
  region_id?: string;
  created_at: string;
  members: string[];
}

/** One change to the created records (GET /v1/audit, admin keys only). */
export interface AuditEntry {
  id: number;
  at: string;
  key: { id: string; name: string };
  action: 'create' | 'reorganize' | 'rename' | 'recode' | 'delete' | 'restore';
  kind: 'region' | 'province';
  unit: { id: number; code: string };
  before: AuditedUnit | null;
  after: AuditedUnit | null;
}

export interface AuditFilter {
  kind?: 'region' | 'province';
  /** A unit's numeric id, or its code where its id is not a number (regions in the string-id shape). */
  unit?: string;
  action?: AuditEntry['action'];
  limit?: number;
}

const query = (filter: AuditFilter) => {
  const params = new URLSearchParams();
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.unit) params.set(/^\d+$/.test(filter.unit) ? 'unit_id' : 'unit', filter.unit);
  if (filter.action) params.set('action', filter.action);
  params.set('limit', String(filter.limit ?? 20));
  return params.toString();
};

export const fetchAudit = (filter: AuditFilter, signal?: AbortSignal) =>
  apiFetch<{ data: AuditEntry[]; meta: PageMeta }>(`/v1/audit?${query(filter)}`, { signal });

export const auditQueries = {
  all: () => ['audit'] as const,
  list: (filter: AuditFilter) =>
    queryOptions({
      queryKey: [...auditQueries.all(), filter] as const,
      queryFn: ({ signal }) => fetchAudit(filter, signal),
      // A refusal (a read key) is an answer to show, not a failure to try again.
      retry: false,
    }),
};

/** POST /v1/{regions,provinces}/{id}/restore: a deleted created unit put back as the trail last saw it. */
export const restoreUnit = (kind: 'region' | 'province', id: number) =>
  apiFetch<{ data: AuditedUnit }>(`/v1/${kind === 'region' ? 'regions' : 'provinces'}/${id}/restore`, {
    method: 'POST',
  });

/**
 * Whether `key` may change the map, asked of the server with it (the audit trail, which needs an admin key):
 * `admin`, `read` (a 403), or `unknown` (a 401). Other failures are thrown.
 */
export async function roleOfKey(key: string): Promise<'admin' | 'read' | 'unknown'> {
  try {
    await apiFetch('/v1/audit?limit=1', { key });
    return 'admin';
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 403) return 'read';
    if (status === 401) return 'unknown';
    throw error;
  }
}
