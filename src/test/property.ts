import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Property runs are reproducible: one fixed seed unless FC_SEED picks another, and FC_RUNS scales every
 * property's number of cases (FC_RUNS=10 runs ten times as many) for a longer hunt.
 */
export const SEED = Number(process.env.FC_SEED ?? 7_202_511);
const SCALE = Number(process.env.FC_RUNS ?? 1);

/** Checks a property with the suite's seed, logs how many cases ran, and fails with fast-check's report. */
export async function checkProperty<Ts>(name: string, property: fc.IAsyncProperty<Ts>, numRuns: number) {
  const started = performance.now();
  const details = await fc.check(property, {
    seed: SEED,
    numRuns: Math.max(1, Math.round(numRuns * SCALE)),
    includeErrorInReport: true,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fast-check: ${name} ${details.numRuns} runs (seed ${details.seed}, ${seconds} s)`);
  if (details.failed) throw new Error(fc.defaultReportMessage(details));
  return details.numRuns;
}

/** The error codes each status may carry (README, "Decisions where the contract is silent"). */
export const ERROR_CODES: Record<number, string[]> = {
  400: ['invalid_parameter', 'invalid_body', 'invalid_request'],
  401: ['unauthorized'],
  403: ['forbidden_origin', 'forbidden'],
  404: ['not_found'],
  408: ['timeout'],
  409: ['duplicate', 'member_moved', 'member_lent', 'has_created_provinces'],
  413: ['too_large'],
  415: ['unsupported_media_type'],
  431: ['too_large'],
};

/**
 * What a client relies on for any request, however bad: no 5xx, a JSON body, and for a 4xx exactly
 * `{ data: null, error: { code, message, details? } }` with a code documented for that status.
 */
export function expectDocumentedAnswer(status: number, text: string, request: string) {
  expect(status, request).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${request}: status ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (status < 400) return body;
  expect(Object.keys(body as object).sort(), request).toEqual(['data', 'error']);
  const { data, error } = body as { data: unknown; error: Record<string, unknown> };
  expect(data, request).toBeNull();
  expect(ERROR_CODES[status], `${request}: status ${status}`).toContain(error.code);
  expect(typeof error.message, request).toBe('string');
  expect(
    Object.keys(error).filter((k) => !['code', 'message', 'details'].includes(k)),
    request,
  ).toEqual([]);
  if ('details' in error) expect(error.details, request).toEqual(expect.any(Object));
  if (error.code === 'invalid_parameter') {
    expect((error.details as { param?: unknown }).param, request).toEqual(expect.any(String));
  }
  return body;
}

/** A short, printable description of a request for failure messages. */
export const describeRequest = (method: string, path: string, body?: string) =>
  `${method} ${path.length > 300 ? `${path.slice(0, 300)}… (${path.length} chars)` : path}${
    body === undefined ? '' : ` body ${body.length > 200 ? `${body.slice(0, 200)}… (${body.length} chars)` : body}`
  }`;
