import { ServiceError } from './errors.ts';

/**
 * The one check of `Authorization: Bearer <key>`: the service runs it on every endpoint, and the HTTP server
 * runs the same before it reads a request's body, so both refuse a missing or wrong key with the same answer.
 */
export function keyError(authorization: string | null | undefined, keys: ReadonlySet<string>): ServiceError | null {
  const token = bearerToken(authorization);
  if (token && keys.has(token)) return null;
  return new ServiceError(
    401,
    'unauthorized',
    token ? 'The API key is not valid' : 'Send an API key as Authorization: Bearer <key>',
  );
}

/** The key in `Authorization: Bearer <key>`, if the header has that form. */
export const bearerToken = (authorization: string | null | undefined) =>
  authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
