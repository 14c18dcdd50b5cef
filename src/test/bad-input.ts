/**
 * fast-check arbitraries for what a careless or hostile client sends: query strings, path ids, JSON bodies and
 * Authorization headers. Each mixes valid values in, so requests also get past the first check.
 */
import fc from 'fast-check';

/** Percent-encodes any string; a lone surrogate becomes its three-byte form, which is malformed UTF-8. */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Any code point, lone surrogates included. */
const anyUnit = fc.oneof({ weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) }, loneSurrogate);

/** Strings people and programs send: unicode, lone surrogates, numbers of every kind, keywords, huge ones. */
export const oddText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: anyUnit, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1',
      '100',
      '101',
      '1e3',
      '1.5',
      '0x10',
      'NaN',
      'Infinity',
      '-0',
      '999999999999999999999999',
      'true',
      'false',
      'null',
      'undefined',
      '[]',
      '{}',
      'simple',
      'medium',
      'detailed',
      'geojson',
      'json',
      'Manila',
      'San Jose, Batangas',
      'Metro Manila',
      'Cebu',
      'ñ',
      'Ñ',
      'Las Piñas',
      '\u0000',
      '💥',
    ),
  },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 40_000 }).map((n) => 'x'.repeat(n)) },
);

/** Fragments that break percent-decoding or the query's own syntax. */
const rawFragment = fc.constantFrom(
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  '%FF',
  '+',
  '=',
  '&',
  '&&',
  '==',
  ';',
  '[]',
  '%5B%5D',
  '#fragment',
  '?',
  '%2F..%2F',
);

const queryValue = fc.oneof(
  { weight: 5, arbitrary: oddText.map(percentEncode) },
  { weight: 1, arbitrary: rawFragment },
);

/**
 * A raw query string (without `?`): the endpoint's parameters with valid and odd values, unknown parameters,
 * repeats, bare names, malformed escapes, huge values, thousands of codes[].
 */
export function queryString(known: Record<string, fc.Arbitrary<string>>) {
  const names = [...Object.keys(known), 'page', 'limit', 'geometry', 'output'];
  const valid = (name: string) => known[name] ?? fc.constantFrom('1', '10', '100', 'simple', 'geojson');
  const knownPair = fc
    .constantFrom(...names)
    .chain((name) =>
      fc
        .oneof({ weight: 3, arbitrary: valid(name).map(percentEncode) }, { weight: 2, arbitrary: queryValue })
        .map((v) => `${name}=${v}`),
    );
  const name = fc.oneof({ weight: 2, arbitrary: oddText.map(percentEncode) }, { weight: 1, arbitrary: rawFragment });
  const pair = fc.oneof(
    { weight: 6, arbitrary: knownPair },
    { weight: 2, arbitrary: fc.tuple(name, queryValue).map(([n, v]) => `${n}=${v}`) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...names), name) },
  );
  return fc.oneof(
    { weight: 12, arbitrary: fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(regionCode, oddText.map(percentEncode)), { minLength: 90, maxLength: 3000 })
        .map((codes) => codes.map((c) => `codes[]=${c}`).join('&')),
    },
  );
}

/** Path ids: real ones of every form, numbers, unicode, dot segments, encoded slashes, malformed escapes. */
export function pathId(real: readonly string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: 10n ** 15n, max: 10n ** 400n }).map(String) },
    { weight: 3, arbitrary: oddText.map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2E%2E',
        '..%2F..%2Fpackage.json',
        '%2F',
        'a%2Fb',
        '%5C',
        '%',
        '%zz',
        '%E0%A4%A',
        '%ED%A0%80',
        '%00',
        '%20',
        '%2013%20',
        'search',
        '-1',
        '00013',
        '13.0',
        '1e1',
      ),
    },
  );
}

/** A JSON text serialized by hand, so a body can hold nesting deeper than JSON.stringify allows. */
class Raw {
  constructor(readonly text: string) {}
}
type Value = Raw | null | boolean | number | string | Value[] | { [key: string]: Value };

export function toJsonText(value: Value): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const regionCode = fc.constantFrom('0100000000', '0700000000', '1300000000', '1900000000', '1999900000');

/** Values that break code which assumes a string: objects whose toString is not a function, deep nesting. */
const nastyValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(
    new Raw('{"toString":1}'),
    new Raw('{"valueOf":{},"toString":{}}'),
    new Raw('{"__proto__":{"length":1}}'),
    new Raw('1e400'),
    new Raw('-0'),
    [['1300000000']],
    { code: 'NCR' },
    '   ',
    '',
  ),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => new Raw(`${'['.repeat(depth)}"x"${']'.repeat(depth)}`)),
  fc.integer({ min: 190, max: 300_000 }).map((n) => 'ñ'.repeat(n)),
);

/** Values of the wrong type, shape or size where a field is expected, arrays of them included. */
export const wrongValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ stringUnit: anyUnit, maxDepth: 3 }) as fc.Arbitrary<Value> },
  { weight: 2, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 3, arbitrary: nastyValue },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 10 }), nastyValue), { maxLength: 4 }) },
);

/** An array field: mostly valid items, with wrong ones mixed in. */
export const arrayOf = (item: fc.Arbitrary<Value>, maxLength = 6) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: item }, { weight: 1, arbitrary: wrongValue }), { minLength: 1, maxLength });

/**
 * Bodies for an endpoint whose fields are `fields` (each with its own valid values): objects mixing valid and
 * wrong fields, any JSON at all, text that is not JSON, an empty body, and thousands of codes.
 */
export function jsonBody(fields: Record<string, fc.Arbitrary<Value>>) {
  // each field valid, wrong or left out
  const field = (valid: fc.Arbitrary<Value>) =>
    fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: wrongValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const record = fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, field(v)]))),
      fc.dictionary(fc.string({ unit: anyUnit, maxLength: 8 }), wrongValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => {
      const present = Object.entries(known).filter(([, v]) => v !== undefined);
      return toJsonText({ ...extra, ...Object.fromEntries(present) } as Value);
    });
  return fc.oneof(
    { weight: 8, arbitrary: record },
    { weight: 1, arbitrary: fc.json({ stringUnit: anyUnit, maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: anyUnit, maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', '{', '{"ids":', 'null', '[]', '"text"', '{"name":"x",}', '\uFEFF{}'),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(regionCode, fc.string({ maxLength: 12 })), { minLength: 95, maxLength: 5000 })
        .map((ids) => JSON.stringify({ ids })),
    },
  );
}

export interface Auth {
  header: string | null;
  valid: boolean;
}

/** Authorization headers: mostly the right key, and every way of getting it wrong. */
export function authorization(key: string): fc.Arbitrary<Auth> {
  const latin1 = fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 40,
  });
  return fc
    .oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(`Bearer ${key}`, `bearer ${key}`, `Bearer   ${key}  `, `BEARER\t${key}`),
      },
      {
        weight: 3,
        arbitrary: fc.oneof(
          fc.constantFrom(
            null,
            '',
            'Bearer',
            'Bearer ',
            `Bearer ${key} extra`,
            `Basic ${key}`,
            `Bearer ${key.toUpperCase()}`,
            `Bearer ${key}x`,
            `Bearer "${key}"`,
            `${key}`,
            `Token ${key}`,
          ),
          latin1,
          latin1.map((s) => `Bearer ${s}`),
        ),
      },
    )
    .map((header) => ({
      header,
      // fetch trims a header value's outer spaces and tabs; the service accepts `Bearer <key>` in any case
      valid: header?.trim().match(/^bearer\s+(\S+)$/i)?.[1] === key,
    }));
}
