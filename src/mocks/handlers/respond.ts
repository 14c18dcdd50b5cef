import { HttpResponse } from 'msw';
import { INVALID_JSON, type Service, type ServiceRequest, type ServiceResult } from '../../service/service.ts';

export type GetService = () => Promise<Service>;

/** Reads what the service needs from a fetch Request: URL, key and, for writes, the JSON body. */
export async function serviceRequest(request: Request, withBody = false): Promise<ServiceRequest> {
  const out: ServiceRequest = { url: new URL(request.url), authorization: request.headers.get('authorization') };
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

/** A refusal that says when to come back (503 `busy` and `timeout`) carries it in `Retry-After` too. */
export const respond = (result: ServiceResult) => {
  const retry = (result.body as { error?: { details?: { retry_after_seconds?: unknown } } } | null)?.error?.details
    ?.retry_after_seconds;
  const headers = typeof retry === 'number' ? { 'retry-after': String(retry) } : undefined;
  return HttpResponse.json(result.body as never, { status: result.status, headers });
};
