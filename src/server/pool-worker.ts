/**
 * A worker thread of the HTTP server's pools: it loads the built dataset from disk itself and runs what would hold
 * the event loop: an address geocoded, a batch's addresses matched, a reorganization's outlines clipped. It starts
 * reading the dataset as soon as it is started, so a worker that replaced one ended past its budget is ready for
 * the next task; a worker that geocodes builds the geocoder's index right after.
 */
import fs from 'node:fs';
import os from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { matchedAnswer } from '../service/answers/matched.ts';
import { ServiceContext } from '../service/context.ts';
import { Dataset } from '../service/dataset.ts';
import { drawOutline } from '../service/draw-outline.ts';
import { matchAddress } from '../service/geocode/batch.ts';
import {
  type GeocodeHits,
  type Geocoder,
  geocodeText,
  loadGeocoder,
  type MatchHits,
} from '../service/geocode/search.ts';
import type { OutlineJob } from '../service/outline-jobs.ts';
import { emptyRecords, memoryStore } from '../service/store.ts';
import { diskDataSource } from './disk.ts';

export type PoolTask =
  | { kind: 'geocode'; q: string; limit: number }
  /**
   * `codeList`: each row answered whole, its places named as the code list has them (the command line, which
   * holds no records), rather than as the hits the service names from its read model (answers/matched.ts).
   */
  | { kind: 'match'; addresses: string[]; codeList?: boolean }
  | { kind: 'outlines'; jobs: OutlineJob[] }
  /** Answered once the dataset and the index are ready, with this worker's heap in use (the pool's warm-up). */
  | { kind: 'ready' };

export interface WorkerData {
  dataDir: string;
  /** Whether this worker geocodes: the writes' worker only draws, and holds no index. */
  geocoder: boolean;
  /** The thread's niceness, where the system lets a thread have its own (Linux); unset, the process's. */
  nice?: number;
}

const { dataDir, geocoder: geocodes, nice } = workerData as WorkerData;
if (nice !== undefined) lowerPriority(nice);
const data = Dataset.load(diskDataSource(dataDir));
// Failures surface in the task that needs them; none is left unhandled here.
data.catch(() => undefined);
/** The geocoder's index (about 1.3 s, 0.1 GB). */
let index: Promise<Geocoder> | undefined;
const geocoder = () => {
  index ??= data.then(loadGeocoder);
  index.catch(() => {
    index = undefined;
  });
  return index;
};
// Built as soon as the data is read, so a worker that replaced one ended past its budget does not spend the next
// batch's budget building it (bench:load: batches timed out one after another, each replacement building anew).
if (geocodes) void data.then(geocoder, () => undefined);

/** The read model over the code list with no records: where the command line's rows are named from. */
let codeList: Promise<ServiceContext> | undefined;

export default async function run(
  task: PoolTask,
): Promise<GeocodeHits | MatchHits[] | BatchGeocodeResult[] | unknown[] | number> {
  switch (task.kind) {
    case 'geocode':
      return geocodeText(await geocoder(), task.q, task.limit);
    case 'match': {
      const [dataset, built] = await Promise.all([data, geocoder()]);
      const rows = task.addresses.map((a) => matchAddress(built, dataset, a));
      if (!task.codeList) return rows;
      codeList ??= data.then((data) => new ServiceContext({ data, records: emptyRecords(), store: memoryStore() }));
      const places = (await codeList).places();
      return rows.map((row) => matchedAnswer(places, row));
    }
    case 'outlines': {
      const dataset = await data;
      return Promise.all(task.jobs.map((job) => drawOutline(dataset, job)));
    }
    case 'ready':
      await (geocodes ? geocoder() : data);
      return getHeapStatistics().used_heap_size;
  }
}

/**
 * This thread below the one that answers: on Linux a thread is a task with an id (/proc/thread-self names it) and a
 * niceness of its own, which setpriority(2) takes in place of a process id. Elsewhere it stays as it is.
 */
function lowerPriority(niceness: number) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) os.setPriority(tid, niceness);
  } catch {
    // no /proc, or not allowed: the thread keeps the process's priority
  }
}
