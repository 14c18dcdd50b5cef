/**
 * The OpenAPI 3.1 document of /v1 as both sides read it: the service writes it (src/service/openapi/) and answers
 * it at GET /v1/openapi.json; the app's API reference page reads it back (src/features/api-docs/). Only the parts
 * either side uses are typed; a schema is JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  examples?: unknown[];
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema: SchemaObject;
}

export interface MediaObject {
  schema: SchemaObject;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { $ref: string } | { description: string; schema: SchemaObject }>;
  content?: Record<string, MediaObject>;
}

export type Reference = { $ref: string };

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaObject> };
  responses: Record<string, ResponseObject | Reference>;
  security?: Record<string, string[]>[];
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string; [extension: `x-${string}`]: unknown };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters: Record<string, ParameterObject>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, { description: string; schema: SchemaObject }>;
    securitySchemes: Record<string, { type: string; scheme?: string; description?: string }>;
  };
  security: Record<string, string[]>[];
}

/** The path of a component a `$ref` names (`#/components/schemas/Region` → ['schemas', 'Region']). */
export function refPath(ref: string): [string, string] | null {
  const match = ref.match(/^#\/components\/(\w+)\/([\w.-]+)$/);
  return match ? [match[1], match[2]] : null;
}
