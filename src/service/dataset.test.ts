import { describe, expect, test } from 'vitest';
import { dataPaths } from '../dataset/types.ts';
import { diskDataSource } from '../server/disk.ts';
import type { DataSource } from './data-source.ts';
import { Dataset } from './dataset.ts';

/** The built data, with a log of the files read. */
function loggedSource(): { source: DataSource; read: string[] } {
  const disk = diskDataSource();
  const read: string[] = [];
  return {
    read,
    source: {
      json<T>(path: string) {
        read.push(path);
        return disk.json<T>(path);
      },
    },
  };
}

const BILAR = '0701208000';
const MANILA = '1380600000';

describe('the dataset, read as it is needed', () => {
  test('starts from the code list without its barangays: no whole list, no barangay read', async () => {
    const { source, read } = loggedSource();
    const data = await Dataset.load(source);
    expect(read.sort()).toEqual([dataPaths.manifest, dataPaths.unitsIndex].sort());
    expect(data.units.some((u) => u.level === 'Bgy')).toBe(false);
    expect(data.regions).toHaveLength(data.manifest.counts.Reg ?? 0);
    expect(data.regions.length).toBeGreaterThan(16);
    expect(data.municities.get(BILAR)?.unit.name).toBe('Bilar');
  });

  test("a town's barangays come from its own file, read once, and are the ones of the whole list", async () => {
    const { source, read } = loggedSource();
    const data = await Dataset.load(source);
    const bilar = await data.barangaysOf(BILAR);
    await data.barangaysOf(BILAR);
    expect(read.filter((p) => p.startsWith('units/barangays/'))).toEqual([dataPaths.barangayUnits(BILAR)]);

    const whole = await Dataset.load(diskDataSource());
    const all = await whole.allUnits();
    expect(bilar.map((u) => u.code)).toEqual(all.filter((u) => u.parent === BILAR).map((u) => u.code));
    expect(bilar.length).toBeGreaterThan(10);
  });

  test("Manila's barangays come through its sub-municipalities", async () => {
    const data = await Dataset.load(diskDataSource());
    const barangays = await data.barangaysOf(MANILA);
    expect(barangays.length).toBeGreaterThan(800);
    expect(new Set(barangays.map((b) => data.byCode.get(b.parent ?? '')?.level))).toEqual(new Set(['SubMun']));
  });

  test('the whole list, once read, serves every town without another file, and nothing is listed twice', async () => {
    const { source, read } = loggedSource();
    const data = await Dataset.load(source);
    await data.barangaysOf(BILAR);
    const all = await data.allUnits();
    const before = read.length;
    const bilar = await data.barangaysOf(BILAR);
    await data.barangaysOf('0401001000');
    expect(read.length).toBe(before);
    expect(data.byCode.size).toBe(all.length);
    expect(new Set(bilar.map((b) => b.code)).size).toBe(bilar.length);
  });
});
