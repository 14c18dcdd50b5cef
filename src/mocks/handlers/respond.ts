import { HttpResponse } from 'msw';
import { canonicalPath } from '../../contract/api-path.ts';
import { INVALID_JSON, type Service, type ServiceRequest, type ServiceResult } from '../../service/service.ts';

export type GetService = () => Promise<Service>;

/**
 * Reads what the service needs from a fetch Request: URL (its path in its one spelling, as the handlers matched
 * it), key and, for writes, the JSON body.
 */
export async function serviceRequest(request: Request, withBody = false): Promise<ServiceRequest> {
  const url = new URL(request.url);
  url.pathname = canonicalPath(url.pathname);
  const out: ServiceRequest = { url, authorization: request.headers.get('authorization') };
  if (withBody) {
    const text = await request.text();
    try {
      out.body = text ? JSON.parse(text) : undefined;
    } catch {
      out.body = INVALID_JSON;
    }
  }
  return out;
}

/**
 * The service's answer as a Response: with the headers it gives (503 `unavailable`'s Retry-After), and a refusal
 * that says when to come back (503 `busy` and `timeout`) carries it in `Retry-After` too.
 */
export const respond = (result: ServiceResult) => {
  const retry = (result.body as { error?: { details?: { retry_after_seconds?: unknown } } } | null)?.error?.details
    ?.retry_after_seconds;
  const headers = {
    ...(typeof retry === 'number' && { 'retry-after': String(retry) }),
    ...result.headers,
  };
  return HttpResponse.json(result.body as never, { status: result.status, headers });
};
