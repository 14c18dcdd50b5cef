/**
 * What a load balancer asks before it sends a server traffic, without a key:
 *
 * - `GET /healthz`: the process is alive and its event loop answers (200), whatever else is wrong;
 * - `GET /readyz`: it can answer every endpoint now (200): the data is loaded (before it listens at all), the read
 *   workers have built the geocoder's index, every worker is up, the database answers, and it is not stopping.
 *   Otherwise 503 with Retry-After, naming the checks that failed.
 *
 * Each answer is a small JSON object, never cached (docs/deployment.md has a balancer's checks).
 */
import { errorBody } from '../contract/error-body.ts';
import type { Refusal } from './request-gate.ts';
import type { WorkPool } from './work-pool.ts';

export const ALIVE_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** How long a database check may take before the database counts as not answering. */
const DATABASE_TIMEOUT_MS = 2000;
/** How long a database check is believed: a balancer polling every second does not make a query each time. */
const DATABASE_CHECKED_MS = 1000;

export interface ReadyState {
  ready: boolean;
  checks: { data: boolean; geocoder: boolean; workers: boolean; database: boolean };
  stopping: boolean;
}

export class Readiness {
  stopping = false;
  private checked?: { at: number; ok: Promise<boolean> };

  constructor(
    private readonly pool: WorkPool,
    /** Resolves while the database answers (`select 1`); none for a store in memory. */
    private readonly database?: () => Promise<unknown>,
  ) {}

  async state(): Promise<ReadyState> {
    const { warm, workers, of, closed } = this.pool.state;
    const checks = {
      data: true,
      geocoder: warm,
      workers: !closed && workers === of,
      database: await this.databaseOk(),
    };
    const ready = !this.stopping && Object.values(checks).every(Boolean);
    return { ready, checks, stopping: this.stopping };
  }

  private databaseOk(): Promise<boolean> {
    const check = this.database;
    if (!check) return Promise.resolve(true);
    const now = performance.now();
    if (this.checked && now - this.checked.at < DATABASE_CHECKED_MS) return this.checked.ok;
    const ok = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
      const settle = (answers: boolean) => () => {
        clearTimeout(timer);
        resolve(answers);
      };
      check().then(settle(true), settle(false));
    });
    this.checked = { at: now, ok };
    return ok;
  }
}

export const isHealthPath = (pathname: string) => pathname === ALIVE_PATH || pathname === READY_PATH;

/** The answer to a health path (isHealthPath). */
export async function healthAnswer(
  pathname: string,
  readiness: Readiness,
): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
  const headers = { 'cache-control': 'no-store' };
  if (pathname === ALIVE_PATH) return { status: 200, body: { alive: true }, headers };
  const state = await readiness.state();
  return state.ready
    ? { status: 200, body: state, headers }
    : { status: 503, body: state, headers: { ...headers, 'retry-after': '1' } };
}

/**
 * A request that comes while the server stops: refused before anything is done for it, so a balancer (or the
 * client) may send it again elsewhere, a write included; the connection is closed after.
 */
export const stopping = (): Refusal => ({
  status: 503,
  body: errorBody('stopping', 'This server is stopping; send the request again', { retry_after_seconds: 1 }),
  headers: { 'retry-after': '1', connection: 'close' },
});
