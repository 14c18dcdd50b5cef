/**
 * Every answer the tests get from the /v1 service, checked against the OpenAPI document the service serves
 * (src/service/openapi/): its status must be one the operation lists, and its body must hold to that answer's
 * schema (JSON Schema 2020-12, OpenAPI 3.1's dialect, by ajv). serviceServer() (service-server.ts) checks each
 * answer of the contract, property and feature tests this way, and fails the test that got one the document
 * does not describe: so the requests those tests already send, errors included, are the document's test, and
 * a field added to an answer and not to the document (or the other way round) fails there.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiPath, compilePath } from '../contract/api-path.ts';
import { type OpenApiDocument, type Reference, type ResponseObject, refPath } from '../contract/openapi.ts';
import { ENDPOINTS } from '../service/endpoints/table.ts';
import { openApiPath } from '../service/openapi/document.ts';

const ROUTES = ENDPOINTS.map((endpoint) => ({ endpoint, match: compilePath(endpoint.path) }));
const DOCUMENT = 'openapi.json';
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export interface AnswerCheck {
  /** What is wrong with an answer, or null when the document describes it. */
  problem(method: string, url: string, status: number, body: unknown): string | null;
}

export function answerCheck(document: OpenApiDocument): AnswerCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addSchema(document, DOCUMENT);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (at: string) => {
    let validate = compiled.get(at);
    if (!validate) {
      validate = ajv.getSchema(`${DOCUMENT}#/${at}`);
      if (!validate) throw new Error(`No schema at ${at}`);
      compiled.set(at, validate);
    }
    return validate;
  };
  const schemaOf = (where: string[], response: ResponseObject | Reference): string => {
    const named = '$ref' in response ? refPath(response.$ref) : null;
    const base = named ? ['components', ...named] : where;
    return pointer(...base, 'content', 'application/json', 'schema');
  };
  return {
    problem(method, url, status, body) {
      const path = apiPath(new URL(url).pathname);
      const route = path === null ? undefined : ROUTES.find((r) => r.endpoint.method === method && r.match(path));
      // An unknown endpoint, a method none takes or a path that is not valid percent-encoding: an error body.
      if (!route) {
        if (status < 400) return `${status} from ${method} ${url}, which the document has no operation for`;
        return invalid(validator(pointer('components', 'schemas', 'Error')), body);
      }
      const where = ['paths', openApiPath(route.endpoint.path), method.toLowerCase(), 'responses', String(status)];
      const operation = document.paths[where[1]]?.[where[2] as 'get'];
      const response = operation?.responses[String(status)];
      if (!response) return `${status} from ${method} ${route.endpoint.path}, which the document does not list`;
      const problem = invalid(validator(schemaOf(where, response)), body);
      return problem && `${status} from ${method} ${url}: ${problem}`;
    },
  };
}

/**
 * What is wrong with the document's schemas as JSON Schema 2020-12: each against the dialect's meta-schema (which
 * the OpenAPI validator leaves to the schema's own dialect), and every `$ref` resolved.
 */
export function schemaProblems(document: OpenApiDocument): string[] {
  const meta = new Ajv2020({ strict: true });
  addFormats.default(meta);
  const problems: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${key}`;
      if (key === 'schema' || at.endsWith('/components/schemas')) {
        if (!meta.validateSchema(value as object)) problems.push(`${here}: ${meta.errorsText()}`);
      } else walk(value, here);
    }
  };
  walk(document, '#');
  const refs = new Ajv2020({ strict: false });
  addFormats.default(refs);
  refs.addSchema(document, DOCUMENT);
  for (const name of Object.keys(document.components.schemas)) {
    try {
      refs.compile({ $ref: `${DOCUMENT}#/components/schemas/${name}` });
    } catch (error) {
      problems.push(`#/components/schemas/${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

function invalid(validate: ValidateFunction, body: unknown): string | null {
  if (validate(body)) return null;
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}
