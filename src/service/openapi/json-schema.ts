/**
 * Small builders for the JSON Schemas of the OpenAPI document (2020-12, OpenAPI 3.1's dialect), so that each
 * record reads as the list of its fields. A record is closed (`additionalProperties: false`): a field the service
 * sends that the document does not name fails the contract tests, which validate every answer against it
 * (src/test/openapi-answers.ts). A new field is one line in its record's `optional` (or `always`) list.
 */
import type { SchemaObject } from '../../contract/openapi.ts';

type Extra = Omit<SchemaObject, 'type' | 'description'>;

const described = (schema: SchemaObject, description?: string): SchemaObject =>
  description ? { ...schema, description } : schema;

export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
export const text = (description?: string, extra: Extra = {}): SchemaObject =>
  described({ type: 'string', ...extra }, description);
export const int = (description?: string, extra: Extra = {}): SchemaObject =>
  described({ type: 'integer', ...extra }, description);
export const num = (description?: string, extra: Extra = {}): SchemaObject =>
  described({ type: 'number', ...extra }, description);
export const bool = (description?: string): SchemaObject => described({ type: 'boolean' }, description);
/** Always `value` (a flag that is present only when true, `error: null`). */
export const exactly = (value: string | number | boolean | null, description?: string): SchemaObject =>
  described({ const: value }, description);
export const oneOfText = (values: readonly string[], description?: string): SchemaObject =>
  described({ type: 'string', enum: [...values] }, description);
export const list = (items: SchemaObject, description?: string, extra: Extra = {}): SchemaObject =>
  described({ type: 'array', items, ...extra }, description);
export const either = (schemas: SchemaObject[], description?: string): SchemaObject =>
  described({ oneOf: schemas }, description);

/** The schema, or null. */
export function orNull(schema: SchemaObject, description?: string): SchemaObject {
  const { description: own, ...rest } = schema;
  const about = description ?? own;
  if (typeof rest.type === 'string' && !rest.$ref && rest.enum === undefined) {
    return described({ ...rest, type: [rest.type, 'null'] }, about);
  }
  return described({ anyOf: [rest, { type: 'null' }] }, about);
}

/**
 * A closed object: the fields it `always` has (required) and those it may have (`optional`). A field that is
 * there with the value null is `always`, with `orNull`.
 */
export function record(
  always: Record<string, SchemaObject>,
  optional: Record<string, SchemaObject> = {},
  description?: string,
): SchemaObject {
  // A field in both (a fact some records always send) is as `always` says.
  const more = Object.entries(optional).filter(([name]) => !(name in always));
  return described(
    {
      type: 'object',
      properties: { ...always, ...Object.fromEntries(more) },
      required: Object.keys(always),
      additionalProperties: false,
    },
    description,
  );
}

/** An object with at least these fields, open to others (a document, a free-form `details`). */
export const openRecord = (always: Record<string, SchemaObject>, description?: string): SchemaObject =>
  described({ type: 'object', properties: always, required: Object.keys(always) }, description);
