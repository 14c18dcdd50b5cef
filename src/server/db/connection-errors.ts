/**
 * Which failures mean "the database cannot store this now" rather than "this request or our code is wrong": the
 * first (it cannot be reached, or it is out of disk or memory) are answered 503 `unavailable` (the client may try
 * again), the second stay 500 `internal`.
 */
import { StoreUnavailable } from '../../service/store.ts';

/** Socket errors from Node's net and dns: the server refused, dropped, or never answered. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections
 * (https://www.postgresql.org/docs/15/errcodes-appendix.html): admin_shutdown and crash_shutdown (57P01, 57P02,
 * sent to every session by `pg_ctl stop -m fast` and by pg_terminate_backend), cannot_connect_now (57P03,
 * starting up or shutting down), too_many_connections (53300), and class 08, connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What `pg` and `pg-pool` throw, with no code, when the socket ends under them or a connection cannot be made in
 * time (connectionTimeoutMillis): matched on their messages, which are stable across pg 8.
 */
const PG_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/,
  /is not queryable/, // "Client has encountered a connection error and is not queryable", "Client was closed …"
];

export function isConnectionLost(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof StoreUnavailable) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError: Node tries every address of a name (127.0.0.1 and ::1) and reports each refusal.
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every(isConnectionLost);
  return false;
}

/**
 * SQLSTATE class 53, insufficient resources (disk_full 53100 above all: PGlite and PostgreSQL both raise it when a
 * write cannot extend a file), and Node's own errors for a full disk or quota: the database is there, but cannot
 * take a write until someone makes room. The connection is not lost: a transaction is rolled back as usual.
 */
export function isOutOfRoom(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && (/^53[0-9A-Z]{3}$/.test(code) || code === 'ENOSPC' || code === 'EDQUOT');
}

/**
 * The error as the store throws it: a connection-level failure, or one of room, becomes StoreUnavailable; anything
 * else as it came.
 */
export const asUnavailable = (error: unknown): unknown =>
  error instanceof StoreUnavailable || !(isConnectionLost(error) || isOutOfRoom(error))
    ? error
    : new StoreUnavailable((error as Error).message || String((error as { code?: string }).code));
