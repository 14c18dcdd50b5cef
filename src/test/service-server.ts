/**
 * One setup for the tests that speak to the /v1 service by fetch in Node: the service's contract and property tests
 * beside it (src/service/*.contract.test.ts, *.property.test.ts) and the features' tests against the real service.
 *
 * Why through the msw handlers (src/mocks/node.ts) rather than by calling Service methods: the contract is HTTP
 * (paths, query strings, bodies, status codes), and what routes a request to the service (unknown endpoints,
 * undecodable paths, `/regions/search` before `/regions/:id`) is that one handler list, which the browser worker
 * and the HTTP server share. Why beside the service rather than in mocks/: a handler only parses, calls the service
 * and answers, while every rule these tests assert (status, body shape, paging, ids, creation rules) is written in
 * src/service. What only the HTTP server adds (limits, CORS, gzip, answer cache, the file store) is tested beside
 * it, in src/server/.
 *
 * Each test starts on a fresh, empty store, so what one test creates no other sees: a file passes alone, in any
 * order, whatever ran before it. The dataset is loaded once per test process (the files of a worker share their
 * modules: src/test/tiers.ts) and shared by those services, and so is its geocoder (src/service/geocoders.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureApi } from '../api/client.ts';
import { VINTAGE_HEADER } from '../contract/vintage.ts';
import { setupServiceServer } from '../mocks/node.ts';
import { diskDataSource } from '../server/disk.ts';
import type { ApiFlavour, RegionShape } from '../service/context.ts';
import { Dataset } from '../service/dataset.ts';
import { ENDPOINTS } from '../service/endpoints/table.ts';
import { openApiDocument } from '../service/openapi/document.ts';
import { Service } from '../service/service.ts';
import { memoryStore } from '../service/store.ts';
import { caller } from './http-call.ts';
import { type AnswerCheck, answerCheck } from './openapi-answers.ts';
import { BASE, TEST_API, TEST_KEY } from './test-api.ts';

export { BASE, TEST_KEY };

let dataset: Promise<Dataset> | undefined;
/** The built dataset ($KAPULUAN_DATA_DIR: the fixture country's in its tier), loaded once per test process. */
export function testDataset(): Promise<Dataset> {
  dataset ??= Dataset.load(diskDataSource());
  dataset.catch(() => {
    dataset = undefined;
  });
  return dataset;
}

/**
 * The /v1 service on msw's Node interceptor, accepting TEST_KEY, records kept in memory. Call it at the top of a
 * file or describe block: it listens for that block (a request to anything else fails the test), points the app's
 * API client at it (a feature's test reads it through the client), gives each test a fresh store, and closes after
 * the block.
 */
export function serviceServer(options: { regionShape?: RegionShape; apiFlavour?: ApiFlavour } = {}) {
  const fresh = async () =>
    Service.create({
      source: await testDataset(),
      store: memoryStore(),
      keys: [TEST_KEY],
      regionShape: options.regionShape,
      apiFlavour: options.apiFlavour,
    });
  const server = setupServiceServer(fresh);
  // Every answer of the service, checked against the OpenAPI document it serves (src/test/openapi-answers.ts).
  // The service's answers name their code list (Service.handle); a test's own (server.use) stand for another
  // server's, which the document does not describe.
  let check: Promise<AnswerCheck> | undefined;
  const checks: Promise<string | null>[] = [];
  server.events.on('response:mocked', ({ request, response }) => {
    if (!response.headers.has(VINTAGE_HEADER)) return;
    check ??= testDataset().then((data) =>
      answerCheck(
        openApiDocument(
          {
            regionShape: options.regionShape ?? 'numeric',
            flavour: options.apiFlavour ?? 'standard',
            vintage: data.manifest.vintage,
          },
          ENDPOINTS,
        ),
      ),
    );
    const answer = response.clone();
    checks.push(
      Promise.all([check, answer.json().catch(() => answer.text())]).then(([c, body]) =>
        c.problem(request.method, request.url, answer.status, body),
      ),
    );
  });
  beforeAll(() => {
    configureApi(TEST_API);
    server.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => server.restart(fresh));
  afterEach(async () => {
    const problems = (await Promise.all(checks.splice(0))).filter((p) => p !== null);
    if (problems.length) {
      throw new Error(`Answers the OpenAPI document does not describe:\n${[...new Set(problems)].join('\n')}`);
    }
  });
  afterAll(() => server.close());
  return server;
}

/**
 * fetch against the service as the app's client sends it, with the test key (`key: null` sends none); a string
 * body is sent as it is (src/test/http-call.ts).
 */
export const api = caller(BASE, TEST_KEY);
