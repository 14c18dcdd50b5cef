/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document of the service, valid by a maintained validator, with one
 * operation per row of the endpoint table. That every answer of the contract tests holds to it is checked on
 * every answer they get (src/test/openapi-answers.ts, through serviceServer); here, that the check bites.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import type { OpenApiDocument } from '../contract/openapi.ts';
import { VINTAGE_HEADER } from '../contract/vintage.ts';
import { answerCheck, schemaProblems } from '../test/openapi-answers.ts';
import { api, serviceServer, testDataset } from '../test/service-server.ts';
import { ENDPOINTS } from './endpoints/table.ts';

serviceServer();

async function servedDocument(): Promise<OpenApiDocument> {
  const { status, headers, body } = await api('/v1/openapi.json');
  expect(status).toBe(200);
  expect(headers.get(VINTAGE_HEADER)).toBe((await testDataset()).manifest.vintage);
  return body;
}

test('is a valid OpenAPI 3.1 document', async () => {
  const document = await servedDocument();
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  // The validator checks the document's structure; its schemas are JSON Schema 2020-12, checked as such.
  expect(schemaProblems(document)).toEqual([]);
});

test('names every endpoint of the service once, and nothing else, with its path parameters', async () => {
  const document = await servedDocument();
  const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const served = ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
  expect(documented.sort()).toEqual(served.sort());
  const ids = Object.values(document.paths).flatMap((operations) =>
    Object.values(operations).map((o) => o.operationId),
  );
  expect(new Set(ids).size).toBe(ids.length);
  for (const [path, operations] of Object.entries(document.paths)) {
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    for (const operation of Object.values(operations)) {
      const declared = (operation.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'path' ? [p.name] : []));
      expect(declared, `${path}`).toEqual(inPath);
    }
  }
});

test('says which shape it describes and the code list it is of', async () => {
  const { info } = await servedDocument();
  expect(info['x-api-flavour']).toBe('standard');
  expect(info['x-region-shape']).toBe('numeric');
  expect(info['x-psgc-vintage']).toBe((await testDataset()).manifest.vintage);
  expect(info.description).toMatch(/API_FLAVOUR=live/);
});

describe('the check of every answer against it', () => {
  test('refuses a field it does not name, a field it requires left out, and a status it does not list', async () => {
    const check = answerCheck(await servedDocument());
    const { body } = await api('/v1/regions/13');
    expect(check.problem('GET', 'http://x/v1/regions/13', 200, body)).toBeNull();
    const extra = { ...body, data: { ...body.data, population_2030: 1 } };
    expect(check.problem('GET', 'http://x/v1/regions/13', 200, extra)).toMatch(/population_2030/);
    const { short_code: _, ...missing } = body.data;
    expect(check.problem('GET', 'http://x/v1/regions/13', 200, { ...body, data: missing })).toMatch(/short_code/);
    expect(check.problem('GET', 'http://x/v1/regions/13', 409, body)).toMatch(/does not list/);
    expect(
      check.problem('GET', 'http://x/v1/nowhere', 404, { data: null, error: { code: 'x', message: 'y' } }),
    ).toBeNull();
    expect(check.problem('GET', 'http://x/v1/nowhere', 200, {})).toMatch(/no operation/);
  });

  test('reads an error by the status’s shared answer: the error body, and nothing else', async () => {
    const check = answerCheck(await servedDocument());
    const { status, body } = await api('/v1/regions/99');
    expect(status).toBe(404);
    expect(check.problem('GET', 'http://x/v1/regions/99', 404, body)).toBeNull();
    expect(check.problem('GET', 'http://x/v1/regions/99', 404, { error: body.error })).toMatch(/data/);
  });
});
