import { getResponse, HttpResponse, http, type RequestHandler } from 'msw';
import type { SetupWorker } from 'msw/browser';
import { errorBody } from '../contract/error-body.ts';
import { type Pace, trickle } from './pace.ts';

/** A RegExp as it crosses into the page: its source and its flags. */
export interface RegExpParts {
  source: string;
  flags: string;
}

/**
 * A change to the built-in service that a browser test asks for. Requests the msw worker answers never reach the
 * network, so Playwright's page.route and network throttling cannot touch them; the test hands the page this
 * plain description instead (it has to cross into the page as data), and the page turns it into an answer.
 */
export type ServiceOverride =
  /** GETs whose URL (query included) matches answer `status` with the error body. */
  | { id: string; kind: 'fail'; url: RegExpParts; status: number; code: string; message: string }
  /** GETs whose URL matches get the service's own answer, at the pace given (src/mocks/pace.ts), until lifted. */
  | ({ id: string; kind: 'slow'; url: RegExpParts } & Pace)
  /** GETs whose URL matches get no answer at all, as behind a dead connection. */
  | { id: string; kind: 'stall'; url: RegExpParts };

/** What a test puts on `window` before the app starts, and what the service adds to it once started. */
export interface E2EHook {
  /** Overrides to apply as the service starts, so they hold from the page's first request. */
  pending: ServiceOverride[];
  apply?: (override: ServiceOverride) => void;
  lift?: (id: string) => void;
}

/**
 * Lets the browser tests override the service's answers. Loaded by their entry (src/e2e-main.tsx), when a test asks. One
 * handler goes in front of the service's, once; it looks the request up in the overrides in force, the newest
 * first (as msw's own worker.use would order them), and passes it on to the service when none matches.
 */
export function installE2EHook(worker: SetupWorker, hook: E2EHook) {
  // The service's own handlers, before the override handler, for a slowed answer to come from.
  const service = worker.listHandlers() as RequestHandler[];
  const overrides = new Map<string, { re: RegExp; override: ServiceOverride }>();
  const matching = (url: string) =>
    [...overrides.values()].findLast(({ re }) => {
      re.lastIndex = 0; // a /g or /y pattern would go on from its last match
      return re.test(url);
    })?.override;
  worker.use(
    http.get('*/v1/*', async ({ request }) => {
      const override = matching(request.url);
      if (!override) return undefined;
      if (override.kind === 'fail') {
        return HttpResponse.json(errorBody(override.code, override.message), { status: override.status });
      }
      if (override.kind === 'stall') return new Promise<never>(() => {});
      const answer = await getResponse(service, request);
      if (!answer?.body) return answer;
      const body = trickle(answer.body, () => (overrides.has(override.id) ? override : undefined));
      return new HttpResponse(body, { status: answer.status, headers: answer.headers });
    }),
  );
  hook.apply = (override) => {
    overrides.delete(override.id); // applied again, it becomes the newest
    overrides.set(override.id, { re: new RegExp(override.url.source, override.url.flags), override });
  };
  hook.lift = (id) => overrides.delete(id);
  for (const override of hook.pending) hook.apply(override);
}
