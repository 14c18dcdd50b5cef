/**
 * npm run bench:load — the HTTP server under load, each phase a server of its own in its own process on loopback,
 * with this process's environment passed through (DATABASE_URL included):
 *
 * 1. the start window (scripts/load-start.ts): requests from the moment the port opens until it says ready;
 * 2. mixed traffic alone and beside a hostile client, then a keyed list beside heavy work (scripts/load-mixed.ts);
 * 3. fair shares (scripts/load-keys.ts): another key's list and batches alone, then beside one read key's geocode,
 *    batch and guess floods.
 *
 * LOAD_PHASES picks some (`start,mixed,fair`, all by default). Prints figures and verdicts; asserts nothing.
 */
import { fairSharePhase } from './load-keys.ts';
import { mixedPhases } from './load-mixed.ts';
import { startWindowPhase } from './load-start.ts';

const phases = new Set((process.env.LOAD_PHASES ?? 'start,mixed,fair').split(',').map((p) => p.trim()));
if (phases.has('start')) await startWindowPhase();
if (phases.has('mixed')) await mixedPhases();
if (phases.has('fair')) await fairSharePhase(Number(process.env.HEAVY_SECONDS ?? 20));
