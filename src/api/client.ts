import type { AppConfig } from '../config/config.ts';
import { ADMIN_KEY_STORAGE_KEY, API_KEY_STORAGE_KEY } from '../config/defaults.ts';
import { needOf } from '../contract/roles.ts';
import type { ErrorBody, LocalAnswer } from '../contract/types.ts';
import { isVintage, VINTAGE_HEADER } from '../contract/vintage.ts';
import { startDownload } from './downloads.ts';

/** A failed API call: HTTP status (0 when the network failed), the service's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the service says is not there (404): an undone region, an old link; a retry will not find it either. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** Where the client sends its requests, and the key it sends when the user gave none. */
export type ClientConfig = Pick<AppConfig, 'apiBaseUrl' | 'defaultApiKey'>;

let config: ClientConfig | undefined;
/** Given once by the page's entry (src/app/boot.tsx), and by each test that calls the API, its own. */
export function configureApi(given: ClientConfig) {
  config = given;
}
const configured = (): ClientConfig => {
  if (!config) throw new Error('The API client has no configuration: configureApi was not called');
  return config;
};

let sessionKey: string | null = null;
/** The key the user entered this session, if any; it never leaves memory and sessionStorage. */
export function setApiKey(key: string | null) {
  sessionKey = key;
  if (key) sessionStorage.setItem(API_KEY_STORAGE_KEY, key);
  else sessionStorage.removeItem(API_KEY_STORAGE_KEY);
}
const apiKey = () =>
  sessionKey ?? globalThis.sessionStorage?.getItem(API_KEY_STORAGE_KEY) ?? configured().defaultApiKey;

/**
 * The admin key a person entered for this tab, or null. A built app carries at most a read key; a write
 * goes with this key where one was entered, and otherwise with the app's key (the built-in service's own key may
 * do everything: it is local and open).
 */
export function setAdminKey(key: string | null) {
  if (key) sessionStorage.setItem(ADMIN_KEY_STORAGE_KEY, key);
  else sessionStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
}
export const adminKey = (): string | null => globalThis.sessionStorage?.getItem(ADMIN_KEY_STORAGE_KEY) ?? null;

/** The key a request goes with: the admin key for what needs one, where a person entered it. */
const keyFor = (method: string, path: string) =>
  (needOf(method, path.split('?')[0]) === 'admin' && adminKey()) || apiKey();

let localAnswer: LocalAnswer | null = null;
/** Answers the app's requests in the page (the built-in service), rather than by fetch. */
export function setLocalAnswer(answer: LocalAnswer | null) {
  localAnswer = answer;
}

/** A local answer that gives up with the request, as fetch does when its signal aborts. */
function answerLocally(answer: LocalAnswer, url: string, init: RequestInit & { signal: AbortSignal }) {
  const { signal } = init;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was given up', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer(url, init).then(
      (response) => {
        signal.removeEventListener('abort', abort);
        resolve(response);
      },
      (error: Error) => {
        signal.removeEventListener('abort', abort);
        reject(new ApiError(0, 'service_unavailable', `The built-in service could not answer: ${error.message}`));
      },
    );
  });
}

let serviceReady: Promise<unknown> = Promise.resolve();
/**
 * Where the app runs its own service, requests wait for it to be answering (its worker registered): the app
 * renders, and its map starts, meanwhile. A service that could not start fails each request with its reason.
 */
export function waitForService(ready: Promise<unknown>) {
  serviceReady = ready;
}

/** How long a request may go without its answer starting, or an answer without a new byte, before it is given up. */
export const STALL_MS = 10_000;
/**
 * The same for an answer made in this page (the built-in service), where no connection can drop: what it waits
 * for is work, such as the geocoder's index built in a Web Worker on a first search, which on a busy phone can
 * take longer than a network's silence should last.
 */
export const LOCAL_STALL_MS = 60_000;
/**
 * The same for a change (POST, PATCH, DELETE) sent to a server: a preview or a change that moves places is answered
 * once the server has drawn the outlines that moved, which it may take up to its drawing budget to do (25 s by
 * default, DRAW_BUDGET_MS in docs/deployment.md), sending nothing meanwhile. A change is a person's one action, so
 * waiting longer before calling the connection dead costs little; cutting a drawing short loses the change.
 */
export const CHANGE_STALL_MS = 30_000;
const STALLED = 'stalled';

/**
 * A signal that aborts when `outer` does, or when `STALL_MS` pass without `alive()` being called: a request on a
 * dead connection ends in a message and a retry, not "Loading…" for ever.
 */
function stallGuard(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(STALLED), ms);
  };
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  alive();
  return {
    signal: controller.signal,
    /** How long a silence it allows. */
    ms,
    alive,
    stalled: () => controller.signal.reason === STALLED,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** Whether a request failed because nothing arrived for STALL_MS (React Query does not retry those unasked). */
export const isStalled = (error: unknown) => error instanceof ApiError && error.code === STALLED;

const stalledError = (ms: number) =>
  new ApiError(
    0,
    STALLED,
    ms === LOCAL_STALL_MS
      ? `The built-in service gave no answer for ${ms / 1000} seconds`
      : `The service sent nothing for ${ms / 1000} seconds: the connection may be down`,
  );

export interface FetchInit {
  signal?: AbortSignal;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Report the answer's bytes as they arrive, under this label (large boundary downloads). */
  download?: string;
  /** This key rather than the session's (checking a key a person typed before keeping it). */
  key?: string;
}

/** GET or POST JSON on the /v1 service. Throws ApiError; shows nothing and redirects nowhere. */
export async function apiFetch<T>(path: string, init: FetchInit = {}): Promise<T> {
  return (await apiAnswer<T>(path, init)).body;
}

/**
 * As apiFetch, with the code list the answer was made from (the X-PSGC-Vintage header, src/contract/vintage.ts;
 * null from a server that does not send it).
 */
export async function apiFetchStamped<T>(
  path: string,
  init: FetchInit = {},
): Promise<{ body: T; vintage: string | null }> {
  const { body, headers } = await apiAnswer<T>(path, init);
  const vintage = headers.get(VINTAGE_HEADER);
  return { body, vintage: isVintage(vintage) ? vintage : null };
}

async function apiAnswer<T>(path: string, init: FetchInit): Promise<{ body: T; headers: Headers }> {
  try {
    await serviceReady;
  } catch (error) {
    throw new ApiError(0, 'service_unavailable', `The built-in service could not start: ${(error as Error).message}`);
  }
  const url = `${configured().apiBaseUrl}${path}`;
  const key = init.key ?? keyFor(init.method ?? 'GET', path);
  const guard = stallGuard(
    init.signal,
    localAnswer ? LOCAL_STALL_MS : (init.method ?? 'GET') === 'GET' ? STALL_MS : CHANGE_STALL_MS,
  );
  try {
    let response: Response;
    try {
      const request = {
        method: init.method ?? 'GET',
        signal: guard.signal,
        headers: {
          authorization: `Bearer ${key}`,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      };
      response = await (localAnswer ? answerLocally(localAnswer, url, request) : fetch(url, request));
    } catch (error) {
      if (guard.stalled()) throw stalledError(guard.ms);
      if (error instanceof ApiError) throw error;
      if (init.signal?.aborted || (error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network', 'The service could not be reached');
    }
    guard.alive();
    if (response.ok && init.download && response.body) {
      return { body: await readWithProgress<T>(response.body, init.download, guard), headers: response.headers };
    }
    // Read defensively: a proxy in between may answer in any shape, so every field of the error body may be missing.
    const text = response.body ? await readBytes(response.body, guard) : '';
    let body: { error?: Partial<ErrorBody['error']> | null } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: said below for an error, and for a success by the caller's checks
    }
    if (!response.ok) {
      const error = body?.error;
      throw new ApiError(
        response.status,
        error?.code ?? 'http_error',
        error?.message ?? response.statusText,
        error?.details,
      );
    }
    return { body: body as T, headers: response.headers };
  } finally {
    guard.done();
  }
}

type Guard = ReturnType<typeof stallGuard>;

/** An answer's bytes, each arrival keeping the request alive; `onBytes` hears the total so far. */
async function readBytes(stream: ReadableStream<Uint8Array>, guard: Guard, onBytes?: (received: number) => void) {
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  try {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      guard.alive();
      text += decoder.decode(value, { stream: true });
      received += value.byteLength;
      onBytes?.(received);
    }
  } catch (error) {
    if (guard.stalled()) throw stalledError(guard.ms);
    if (guard.signal.aborted) throw error;
    throw new ApiError(0, 'network', 'The connection broke while the answer was arriving');
  }
  return text + decoder.decode();
}

async function readWithProgress<T>(stream: ReadableStream<Uint8Array>, label: string, guard: Guard): Promise<T> {
  const download = startDownload(label);
  let text: string;
  try {
    text = await readBytes(stream, guard, (received) => download.progress(received));
  } finally {
    download.end();
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(0, 'invalid_response', 'The service sent an answer that is not JSON');
  }
}
