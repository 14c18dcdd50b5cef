/** Node-only adapter: the built dataset from disk (created records live in a database, src/server/db/). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from '../service/data-source.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
