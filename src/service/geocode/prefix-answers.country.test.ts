import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import { DATA_DIR, diskDataSource, PROJECT_ROOT } from '../../server/disk.ts';
import { Dataset } from '../dataset.ts';
import { type PrefixShard, prefixIndexPath, prefixShardPath, shardOf, storedAnswer } from './prefix-answers.ts';
import { type Geocoder, geocodeText, loadGeocoder } from './search.ts';

/**
 * Place names written by others (docs/geocoding.md, "Measuring it"): simplemaps' world cities of the Philippines
 * (places.csv, 1,584 names: "Quezon City", "Dasmariñas", "City of Parañaque") beside the checkout, as the
 * benchmarks read it; a few of them, as written there, where the file is not here.
 */
const PLACES_CSV =
  process.env.KAPULUAN_PLACES ??
  [path.resolve(PROJECT_ROOT, '../shared/eval/places.csv'), path.resolve(PROJECT_ROOT, '../eval/places.csv')].find(
    (file) => fs.existsSync(file),
  );
const SOME_PLACES = ['Manila', 'Quezon City', 'Zamboanga City', 'Davao', 'Caloocan City', 'Cebu City', 'Antipolo'];
const placeNames = (): string[] => {
  if (!PLACES_CSV) return SOME_PLACES;
  const [, ...rows] = fs.readFileSync(PLACES_CSV, 'utf8').trim().split('\n');
  // id,name,province,lat,lng: no name in the file holds a comma
  return [...new Set(rows.map((row) => row.split(',')[1]))];
};

/** Each text in the box as a person types the name, letter by letter, as the box sends it (trimmed). */
const typed = (name: string) =>
  [...new Set([...name].map((_, i) => name.slice(0, i + 1).trim()))].filter(isLongEnoughQuery);

describe('the stored answers to typed names', () => {
  let geocoder: Geocoder;
  const shards = new Map<string, PrefixShard | null>();
  const shardFor = (q: string) => {
    const name = shardOf(q);
    if (!shards.has(name)) {
      const file = path.join(DATA_DIR, prefixShardPath(name));
      shards.set(name, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PrefixShard) : null);
    }
    return shards.get(name) ?? null;
  };
  const live = (q: string, limit: number) => {
    const answer = geocodeText(geocoder, q, limit);
    return answer;
  };

  beforeAll(async () => {
    expect(
      fs.existsSync(path.join(DATA_DIR, prefixIndexPath)),
      'the data has its stored answers (npm run data:ensure writes them)',
    ).toBe(true);
    geocoder = await loadGeocoder(await Dataset.load(diskDataSource()));
  }, 120_000);

  test('are the geocoder’s own answers, for real place names typed letter by letter as written', () => {
    const names = placeNames();
    let stored = 0;
    let compared = 0;
    for (const name of names) {
      for (const q of typed(name)) {
        compared++;
        const shard = shardFor(q);
        for (const limit of [50, 10]) {
          const answer = shard && storedAnswer(shard, q, limit);
          if (!answer) continue;
          if (limit === 50) stored++;
          expect(answer, `${q} (limit ${limit})`).toEqual(live(q, limit));
        }
      }
    }
    // Most of what people type to find a town is answered ahead: the names of towns as they write them.
    expect(stored / compared).toBeGreaterThan(0.5);
  }, 300_000);

  test('answer a town typed in its own case, and its name as a city', () => {
    for (const q of ['calamba', 'Calamba', 'CALAMBA', 'Quezon City', 'quezon ci', 'Dasmariñas', 'ca']) {
      const answer = storedAnswer(shardFor(q) as PrefixShard, q, 50);
      expect(answer, q).not.toBeNull();
      expect(answer, q).toEqual(live(q, 50));
    }
  });

  test('leave to the geocoder what is not a name being typed', () => {
    for (const q of ['calamba, laguna', 'calamba ', 'Brgy. 176, Caloocan', 'zzqxv']) {
      const shard = shardFor(q);
      expect(shard && storedAnswer(shard, q, 50), q).toBeNull();
    }
  });
});
