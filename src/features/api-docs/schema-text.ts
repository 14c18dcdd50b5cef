/**
 * A JSON Schema of the OpenAPI document in words, for the API reference page: a field's type as a person reads it
 * ("integer or null", "array of Region", "one of City, Municipal") and its limits ("1 to 100", "at most 300
 * characters"). Pure, so the page's words are tested without a browser.
 */
import { type OpenApiDocument, type Reference, refPath, type SchemaObject } from '../../contract/openapi.ts';

/** The component a schema names, by its `$ref`, or null. */
export const refName = (schema: SchemaObject): string | null =>
  schema.$ref ? (refPath(schema.$ref)?.[1] ?? null) : null;

const literal = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** A piece of a type in words: text, or the name of a component schema (which the page links to). */
export type TypePart = string | { ref: string };

export function typeParts(schema: SchemaObject): TypePart[] {
  const named = refName(schema);
  if (named) return [{ ref: named }];
  if (schema.const !== undefined) return [literal(schema.const)];
  if (schema.enum) return [`one of ${schema.enum.map(literal).join(', ')}`];
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return choices.flatMap((choice, i) => [...(i ? [' or '] : []), ...typeParts(choice)]);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) return ['any'];
  return types.flatMap((type, i) => [
    ...(i ? [' or '] : []),
    ...(type === 'array' && schema.items ? ['array of ', ...typeParts(schema.items)] : [type]),
  ]);
}

/** The type as plain words. */
export const typeText = (schema: SchemaObject): string =>
  typeParts(schema)
    .map((part) => (typeof part === 'string' ? part : part.ref))
    .join('');

/** The limits a value must keep, as words: "1 to 100", "at most 300 characters", "pattern ^\d{10}$"… */
export function limitsText(schema: SchemaObject): string[] {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit = '') => {
    if (min !== undefined && max !== undefined) out.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum);
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.format) out.push(schema.format);
  if (schema.default !== undefined) out.push(`default ${literal(schema.default)}`);
  return out;
}

/** The object a `$ref` names in the document's components (a schema, a parameter, a response), or the value itself. */
export function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  if (!value || typeof value !== 'object' || !('$ref' in value) || typeof value.$ref !== 'string') return value as T;
  const path = refPath(value.$ref);
  const kind = path && (document.components as unknown as Record<string, Record<string, unknown>>)[path[0]];
  return ((kind && path && kind[path[1]]) ?? value) as T;
}

/** The fields of an object schema, required first as the document lists them, each with whether it is required. */
export function fieldsOf(schema: SchemaObject): { name: string; schema: SchemaObject; required: boolean }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    schema: field,
    required: required.has(name),
  }));
}

/** The schema of a JSON body or answer (its application/json content), if it has one. */
export const jsonSchemaOf = (media: { content?: Record<string, { schema: SchemaObject }> } | undefined) =>
  media?.content?.['application/json']?.schema;
