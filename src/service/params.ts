import { isPsgcCode } from '../contract/psgc.ts';
import { MAX_CODES, nameProblem, QUERY_TEXT_MAX } from '../contract/rules.ts';
import { DETAIL_LEVELS, type DetailLevel } from '../contract/types.ts';
import { badParam } from './errors.ts';

/** A positive whole number from the query, or the default; anything else is a 400 naming the parameter. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max?: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw badParam(name, `${name} must be a whole number of at least 1`, { value: raw.slice(0, 100) });
  }
  const value = Number(raw);
  if (max !== undefined && value > max) throw badParam(name, `${name} must be at most ${max}`, { value });
  return value;
}

/** simple, medium or detailed from the query or a body; a body may hold any JSON value there. */
export function detailParam(value: unknown, name = 'geometry'): DetailLevel | null {
  if (value === null || value === undefined || value === '') return null;
  if ((DETAIL_LEVELS as readonly string[]).includes(value as string)) return value as DetailLevel;
  throw badParam(name, `${name} must be one of ${DETAIL_LEVELS.join(', ')}`, { value: shown(value) });
}

/**
 * A bad value for an error's details: text cut short, any other JSON value by its kind. String() of a parsed
 * body is not safe: it throws on {"toString":1} and overflows the stack on arrays nested thousands deep.
 */
export function shown(value: unknown, max = 100): string {
  if (typeof value === 'string') return value.slice(0, max);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

// How names are compared is the contract's, so the admin forms and the service compare alike.
export { foldName, foldNameUnicode, uniqueNameKey } from '../contract/names.ts';

/** A JSON body as an object, or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badParam('body', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A body field that must be a string: a 400 naming it when missing or of another type. */
function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) throw badParam(name, `${name} is required`);
  if (typeof value !== 'string') throw badParam(name, `${name} must be a string`);
  return value;
}

export function stringField(body: Record<string, unknown>, name: string, max: number): string {
  const trimmed = requiredString(body, name).trim();
  if (!trimmed) throw badParam(name, `${name} must not be empty`);
  if (trimmed.length > max) throw badParam(name, `${name} must be at most ${max} characters`);
  return trimmed;
}

/**
 * A name from a create's body: NFC (so one name has one spelling in the records whatever the client's
 * keyboard sent), trimmed, then held to the name rules (src/contract/rules.ts); a 400 naming the field.
 */
export function nameField(body: Record<string, unknown>, name: string): string {
  const normal = requiredString(body, name).normalize('NFC').trim();
  const problem = nameProblem(normal);
  if (problem) throw badParam(name, `${name} ${problem}`);
  return normal;
}

/**
 * A free-text query parameter, or null when absent; over `max` characters a 400 naming it (caps in
 * src/contract/rules.ts), so no endpoint folds or scans text of any length.
 */
export function textParam(query: URLSearchParams, name: string, max = QUERY_TEXT_MAX): string | null {
  const value = query.get(name);
  if (value !== null && value.length > max) {
    throw badParam(name, `${name} must be at most ${max} characters`, { length: value.length });
  }
  return value;
}

export { MAX_CODES };

/**
 * A search body's list of 10-digit PSGC codes: 1 to MAX_CODES of them, repeats dropped, in the order given; a
 * 400 naming the field otherwise. `what` names the codes' level in the message ("region", "barangay").
 */
export function codesField(body: Record<string, unknown>, name: string, what: string): string[] {
  const codes = body[name];
  if (!Array.isArray(codes)) throw badParam(name, `${name} must be an array of PSGC ${what} codes`);
  if (codes.length < 1 || codes.length > MAX_CODES) throw badParam(name, `${name} must hold 1 to ${MAX_CODES} codes`);
  for (const code of codes) {
    if (typeof code !== 'string' || !isPsgcCode(code)) {
      throw badParam(name, `each of ${name} must be a 10-digit PSGC ${what} code`, { value: shown(code, 40) });
    }
  }
  return [...new Set(codes as string[])];
}

/** A search body's `geometry` (simple by default) and `output` (json by default, or geojson). */
export function searchOutput(body: Record<string, unknown>): { detail: DetailLevel; output: 'json' | 'geojson' } {
  const detail = detailParam(body.geometry ?? 'simple') ?? 'simple';
  const output = body.output ?? 'json';
  if (output !== 'json' && output !== 'geojson') {
    throw badParam('output', 'output must be json or geojson', { value: shown(output, 40) });
  }
  return { detail, output };
}
