import fs from 'node:fs';
import path from 'node:path';
import type { Hierarchy, Unit } from '../dataset/types.ts';
import { joinZipCodes, type ZipReport } from './zip-join.ts';
import { readZipTable } from './zip-table.ts';

/**
 * Gives each city, municipality, SGU and Manila district its ZIP codes (Unit.zipCodes, in place) from PHLPost's
 * table, when the source folder has it, and returns the join's report (null without the table). Run once the
 * hierarchy knows the province every independent city lies in: the table lists them under it.
 */
export async function addZipCodes(
  file: string,
  units: Unit[],
  hierarchy: Hierarchy,
  log: (line: string) => void,
): Promise<ZipReport | null> {
  if (!fs.existsSync(file)) {
    log(`      no ZIP table at ${file}: towns get no ZIP codes`);
    return null;
  }
  const { rows, skipped } = await readZipTable(file);
  const { zipsOf, report } = joinZipCodes(rows, units, hierarchy, path.basename(file));
  for (const unit of units) {
    const zips = zipsOf.get(unit.code);
    if (zips) unit.zipCodes = zips;
  }
  for (const line of skipped) log(`      ZIP table: ${line}`);
  log(
    `      ZIP codes: ${report.joined} of ${report.rows} rows joined; ${report.towns.withZip} of ${report.towns.total} towns have one`,
  );
  return report;
}
