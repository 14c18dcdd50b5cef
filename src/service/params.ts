import { NAME_MAX } from '../contract/rules.ts';
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

/** Lower case, accents and ñ folded, punctuation to spaces: how names are compared everywhere. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A JSON body as an object, or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badParam('body', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, name: string, max = NAME_MAX): string {
  const value = body[name];
  if (value === undefined || value === null) throw badParam(name, `${name} is required`);
  if (typeof value !== 'string') throw badParam(name, `${name} must be a string`);
  const trimmed = value.trim();
  if (!trimmed) throw badParam(name, `${name} must not be empty`);
  if (trimmed.length > max) throw badParam(name, `${name} must be at most ${max} characters`);
  return trimmed;
}
