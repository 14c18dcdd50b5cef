import type { ErrorBody } from './types.ts';

/**
 * The one place an error answer's body is built. The service's errors, the msw fallbacks and the HTTP server's
 * answers to requests msw never sees all go through it, so the shape cannot drift between them.
 */
export const errorBody = (code: string, message: string, details?: Record<string, unknown>): ErrorBody => ({
  data: null,
  error: { code, message, ...(details && { details }) },
});
