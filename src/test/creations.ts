/**
 * Creations for the concurrency properties (src/server/creates.property.test.ts over HTTP with the file store,
 * src/service/creates.property.test.ts with a store whose saves fail): valid, invalid and conflicting bodies.
 */
import fc from 'fast-check';
import { toJsonText, wrongValue } from './bad-input.ts';

/**
 * One creation, described with placeholders that each run fills in with its own prefix, so runs do not
 * collide with each other but requests within a run do: same codes in other cases, names equal once folded,
 * region codes that look like another region's string id (`REGION-…` against `region-…`).
 */
export interface Op {
  kind: 'region' | 'province';
  body: Record<string, unknown> | string;
}

const codeSuffix = fc.constantFrom('A', 'B', 'a', 'b');
const regionCode = fc.oneof(
  { weight: 6, arbitrary: codeSuffix.map((s) => `{P}${s}`) },
  { weight: 2, arbitrary: codeSuffix.map((s) => `REGION-{P}${s}`) },
  { weight: 1, arbitrary: fc.constantFrom('NCR', 'car', '1X', '', 'X'.repeat(17), '{P}-') },
);
const provinceCode = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('A', 'B', 'C', 'D', 'e', 'f').map((s) => `{P}${s}`) },
  { weight: 1, arbitrary: fc.constantFrom('CEB', 'mm', 'C', 'X'.repeat(11)) },
);
// Names carry the run's prefix too, so a run can list its own regions with ?search=.
const name = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('Alpha {P}', 'alpha {p}', ' ALPHA {P} ', 'Álpha {P}', 'Beta {P}') },
  { weight: 2, arbitrary: fc.constantFrom('Cebu', 'Batangas') },
  { weight: 1, arbitrary: fc.constantFrom('', ' ') },
);
/**
 * The region a province is created under: one this run creates (by string id or short code), one created
 * before the property (BASEA, BASEB), or a built-in.
 */
const regionRef = fc.oneof(
  { weight: 5, arbitrary: codeSuffix.map((s) => `region-{p}${s.toLowerCase()}`) },
  { weight: 4, arbitrary: fc.constantFrom('region-basea', 'region-baseb', 'BASEA') },
  { weight: 2, arbitrary: codeSuffix.map((s) => `region-region-{p}${s.toLowerCase()}`) },
  { weight: 2, arbitrary: codeSuffix.map((s) => `{P}${s.toUpperCase()}`) },
  { weight: 2, arbitrary: fc.constantFrom('region-ncr', '13', '0700000000', 'CAR', 'region-nowhere') },
);
/** A body field: mostly valid, sometimes of the wrong type or size, sometimes left out. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: valid as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: wrongValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
const present = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
export const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ name: field(name), code: field(regionCode) })
      .map((body) => ({ kind: 'region' as const, body: present(body) })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ name: field(name), code: field(provinceCode), region_id: field(regionRef) })
      .map((body) => ({ kind: 'province' as const, body: present(body) })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Op>({ kind: 'region', body: '{"name":' }, { kind: 'province', body: '' }) },
);

/** The request text with this run's prefix put in (upper case `{P}`, lower case `{p}`). */
export const bodyText = (body: Op['body'], prefix: string) =>
  (typeof body === 'string' ? body : toJsonText(body as never))
    .replaceAll('{P}', prefix)
    .replaceAll('{p}', prefix.toLowerCase());
