/** The audit log: one entry per change to the records, written in the change's transaction, read newest first. */
import type {
  Actor,
  AuditAction,
  AuditEntry,
  AuditQuery,
  CreatedProvince,
  CreatedRegion,
} from '../../service/store.ts';
import { iso } from './record-rows.ts';
import type { Queryable } from './sql.ts';

/** Writes one audit entry, inside the transaction of the change it records. */
export async function writeAudit(
  db: Queryable,
  actor: Actor,
  action: AuditAction,
  kind: 'region' | 'province',
  unit: CreatedRegion | CreatedProvince,
  before: CreatedRegion | CreatedProvince | null,
  after: CreatedRegion | CreatedProvince | null,
) {
  await db.query(
    `insert into audit_log (key_id, key_name, action, kind, unit_id, unit_code, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [actor.id, actor.name, action, kind, unit.numericId, unit.code, json(before), json(after)],
  );
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

interface AuditRow {
  id: number | string;
  at: Date | string;
  key_id: string;
  key_name: string;
  action: AuditAction;
  kind: 'region' | 'province';
  unit_id: number | string;
  unit_code: string;
  before: CreatedRegion | CreatedProvince | null;
  after: CreatedRegion | CreatedProvince | null;
}

export async function readAudit(db: Queryable, q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const filter = (column: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  filter('unit_code', q.unitCode);
  filter('key_id', q.keyId);
  filter('kind', q.kind);
  filter('unit_id', q.unitId);
  filter('action', q.action);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [rows, [count]] = await Promise.all([
    db.query<AuditRow>(
      `select id, at, key_id, key_name, action, kind, unit_id, unit_code, before, after from audit_log ${clause}
       order by id desc offset $${params.length + 1} limit $${params.length + 2}`,
      [...params, q.offset, q.limit],
    ),
    db.query<{ n: number | string }>(`select count(*) as n from audit_log ${clause}`, params),
  ]);
  const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    total: Number(count.n),
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      actor: { id: r.key_id, name: r.key_name },
      action: r.action,
      kind: r.kind,
      unitId: Number(r.unit_id),
      unitCode: r.unit_code,
      before: parsed(r.before),
      after: parsed(r.after),
    })),
  };
}
