import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the source data lives: $KAPULUAN_GEODATA, else ../shared/geodata beside the project. */
export const GEODATA_ENV = 'KAPULUAN_GEODATA';

export interface PipelineConfig {
  sourceDir: string;
  outDir: string;
  vintage: string;
  codeListFile: string;
  attribution: string;
}

const VINTAGES: Record<string, string> = {
  '4Q 2023': 'psgc/PSGC-4Q-2023-Publication-Datafile.xlsx',
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, vintage = '4Q 2023'): PipelineConfig {
  const sourceDir = path.resolve(PROJECT_ROOT, env[GEODATA_ENV] ?? '../shared/geodata');
  if (!fs.existsSync(sourceDir)) {
    throw new Error(`No source data at ${sourceDir}. Put the geodata folder there or set ${GEODATA_ENV}.`);
  }
  const file = VINTAGES[vintage];
  if (!file) throw new Error(`Unknown vintage "${vintage}"; known: ${Object.keys(VINTAGES).join(', ')}`);
  return {
    sourceDir,
    outDir: path.join(PROJECT_ROOT, 'public/data'),
    vintage,
    codeListFile: path.join(sourceDir, file),
    attribution: `Boundaries: PSA and NAMRIA via OCHA HDX (COD-AB 2023), philippines-json-maps. Codes: PSA PSGC ${vintage}.`,
  };
}
