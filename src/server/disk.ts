/** Node-only adapters: the dataset from disk and created records in a JSON file written atomically. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from '../service/data-source.ts';
import { type CreatedRecords, emptyRecords, parseRecords, type RecordStore } from '../service/store.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built data to serve: public/data, or $KAPULUAN_DATA_DIR (an older vintage built into .vintages/). */
export const DATA_DIR = path.resolve(PROJECT_ROOT, process.env.KAPULUAN_DATA_DIR ?? 'public/data');

export function diskDataSource(root = DATA_DIR): DataSource {
  return {
    async json<T>(relative: string) {
      const file = path.join(root, relative);
      if (!file.startsWith(root)) throw new Error(`outside the data folder: ${relative}`);
      return JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
    },
  };
}

/**
 * Records in a JSON file. Each save writes a temporary file, flushes it and renames it over the old one, so a
 * crash leaves either the old or the new set, never half of one. A file that cannot be read stops the server
 * rather than being overwritten.
 */
export function fileStore(file: string): RecordStore {
  return {
    async load() {
      try {
        return parseRecords(JSON.parse(await fs.promises.readFile(file, 'utf8')));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRecords();
        throw new Error(`Cannot read the created records in ${file}: ${(error as Error).message}`);
      }
    },
    async save(records: CreatedRecords) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const handle = await fs.promises.open(tmp, 'w');
      try {
        await handle.writeFile(JSON.stringify(records, null, 2));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, file);
    },
  };
}
