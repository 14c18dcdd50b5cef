import { expect, test } from 'vitest';
import type { OpenApiDocument } from '../../contract/openapi.ts';
import { fieldsOf, limitsText, resolve, typeText } from './schema-text.ts';

test('a type reads as words: nullable, arrays, choices, constants and named schemas', () => {
  expect(typeText({ type: ['integer', 'null'] })).toBe('integer or null');
  expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/Region' } })).toBe('array of Region');
  expect(typeText({ anyOf: [{ $ref: '#/components/schemas/Shape' }, { type: 'null' }] })).toBe('Shape or null');
  expect(typeText({ type: 'string', enum: ['City', 'Municipal'] })).toBe('one of "City", "Municipal"');
  expect(typeText({ const: null })).toBe('null');
  expect(typeText({})).toBe('any');
});

test('limits read as ranges, lengths, patterns and defaults', () => {
  expect(limitsText({ type: 'integer', minimum: 1, maximum: 100, default: 10 })).toEqual(['1 to 100', 'default 10']);
  expect(limitsText({ type: 'string', maxLength: 300 })).toEqual(['at most 300 characters']);
  expect(limitsText({ type: 'array', minItems: 1 })).toEqual(['at least 1 items']);
  expect(limitsText({ type: 'string', pattern: '^\\d{10}$', format: 'date-time' })).toEqual([
    'pattern ^\\d{10}$',
    'date-time',
  ]);
});

test('a shared parameter or answer is read from the components; fields say which are required', () => {
  const document = {
    components: { parameters: { page: { name: 'page', in: 'query', schema: { type: 'integer' } } } },
  } as unknown as OpenApiDocument;
  expect(resolve(document, { $ref: '#/components/parameters/page' })).toMatchObject({ name: 'page' });
  expect(resolve(document, { $ref: '#/components/parameters/nowhere' })).toEqual({
    $ref: '#/components/parameters/nowhere',
  });
  const fields = fieldsOf({ type: 'object', properties: { id: { type: 'integer' }, name: {} }, required: ['id'] });
  expect(fields.map((f) => [f.name, f.required])).toEqual([
    ['id', true],
    ['name', false],
  ]);
});
