import { errorBody } from '../contract/error-body.ts';
import type { ErrorBody } from '../contract/types.ts';

/** A failure the service answers with a JSON error body and a status. */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export const badParam = (param: string, message: string, extra: Record<string, unknown> = {}) =>
  new ServiceError(400, 'invalid_parameter', message, { param, ...extra });

export const notFound = (what: string, id: string) =>
  new ServiceError(404, 'not_found', `No ${what} with id "${id}"`, { id });
