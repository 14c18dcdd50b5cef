/**
 * Where the service's answers read from: the read model (src/service/places.ts) is built from the dataset and the
 * created records in one place, and every other file asks it. These read the sources, since what a file reads of
 * the context is no import a lint rule can see.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const dir = import.meta.dirname;

/** Every non-test source file of src/service, by its path inside it. */
function sources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/** The files of src/service whose text matches a pattern. */
const matching = (pattern: RegExp) =>
  [...sources()]
    .filter(([, text]) => pattern.test(text))
    .map(([file]) => file)
    .sort();

test('the dataset is read by the snapshot builder alone, never through the context', () => {
  expect(matching(/\bctx\.data\b/)).toEqual([]);
});

test('the raw records are read by the changes that write them, and by no read', () => {
  // The writes: a create, rename, undo or restore of a region or a province, and the records a preview proposes.
  expect(matching(/\bctx\.records\b/)).toEqual([
    'reorganize/drawing.ts',
    'reorganize/province-records.ts',
    'reorganize/region-records.ts',
  ]);
});

test('endpoints and the answers they shape never hold the dataset', () => {
  const readers = matching(/\bDataset\b/).filter((f) => f.startsWith('endpoints/') || f.startsWith('answers/'));
  expect(readers).toEqual([]);
});

test('no context is forged: a preview builds a snapshot with the records it proposes', () => {
  expect(matching(/Object\.create\(/)).toEqual([]);
});

test('the rule reads the sources it names', () => {
  const files = sources();
  expect(files.get('places.ts')).toMatch(/export function placesOf/);
  expect(files.has('reorganize/drawing.ts')).toBe(true);
  expect([...files.keys()].some((f) => f.endsWith('.test.ts'))).toBe(false);
});
