import { config } from '../config/config.ts';
import { API_KEY_STORAGE_KEY } from '../config/defaults.ts';
import type { ErrorBody } from '../contract/types.ts';
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

let sessionKey: string | null = null;
/** The key the user entered this session, if any; it never leaves memory and sessionStorage. */
export function setApiKey(key: string | null) {
  sessionKey = key;
  if (key) sessionStorage.setItem(API_KEY_STORAGE_KEY, key);
  else sessionStorage.removeItem(API_KEY_STORAGE_KEY);
}
const apiKey = () => sessionKey ?? globalThis.sessionStorage?.getItem(API_KEY_STORAGE_KEY) ?? config.defaultApiKey;

let serviceReady: Promise<unknown> = Promise.resolve();
/**
 * Where the app runs its own service, requests wait for it to be answering (its worker registered): the app
 * renders, and its map starts, meanwhile. A service that could not start fails each request with its reason.
 */
export function waitForService(ready: Promise<unknown>) {
  serviceReady = ready;
}

/** GET or POST JSON on the /v1 service. Throws ApiError; shows nothing and redirects nowhere. */
export async function apiFetch<T>(
  path: string,
  init: {
    signal?: AbortSignal;
    method?: 'GET' | 'POST';
    body?: unknown;
    /** Report the answer's bytes as they arrive, under this label (large boundary downloads). */
    download?: string;
  } = {},
): Promise<T> {
  try {
    await serviceReady;
  } catch (error) {
    throw new ApiError(0, 'service_unavailable', `The built-in service could not start: ${(error as Error).message}`);
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      method: init.method ?? 'GET',
      signal: init.signal,
      headers: {
        authorization: `Bearer ${apiKey()}`,
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'The service could not be reached');
  }
  if (response.ok && init.download && response.body) return readWithProgress<T>(response.body, init.download);
  // Read defensively: a proxy in between may answer in any shape, so every field of the error body may be missing.
  const body = (await response.json().catch(() => null)) as { error?: Partial<ErrorBody['error']> | null } | null;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  return body as T;
}

async function readWithProgress<T>(stream: ReadableStream<Uint8Array>, label: string): Promise<T> {
  const download = startDownload(label);
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      download.progress(received);
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'The connection broke while the answer was arriving');
  } finally {
    download.end();
  }
  const text = await new Blob(chunks as BlobPart[]).text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(0, 'invalid_response', 'The service sent an answer that is not JSON');
  }
}
