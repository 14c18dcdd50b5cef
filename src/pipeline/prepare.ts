import type { Feature } from 'geojson';
import type { Detail, Unit } from '../dataset/types.ts';
import { type BoundaryIndex, indexOf, readBarangays } from './boundaries.ts';
import type { PipelineConfig } from './config.ts';
import { MAX_GAP_WIDTH } from './gap-holes.ts';
import { type Shape, type SimplifiedBarangays, simplifyBarangays, type TaggedProps } from './geometry.ts';
import { assignParents } from './hierarchy.ts';
import type { LevelCache } from './levels.ts';
import type { CodeList } from './psgc.ts';
import { readSlicedList, slicedTowns } from './slice.ts';

/**
 * The barangay polygons under the codes of their own vintage, repaired and simplified: the same for every code
 * list built on them, so `--all-vintages` prepares them once (the slower half of a build) and each vintage
 * only moves them to its codes (rekey.ts) before dissolving.
 */
export interface PreparedBoundaries {
  vintage: string;
  /** The boundaries' code list, parents assigned, and what it says of its censuses. */
  units: Unit[];
  censuses: CodeList['censuses'];
  notes: CodeList['populationNotes'];
  read: BoundaryIndex;
  simplified: Record<Detail, SimplifiedBarangays>;
  /** Filled by the first vintage built on them: their rounded and cleaned forms and the unions of its groups. */
  levels: Partial<Record<Detail, LevelCache>>;
}

export async function prepareBoundaries(
  config: PipelineConfig,
  step: (n: number, text: string) => void,
  log: (line: string) => void,
): Promise<PreparedBoundaries> {
  step(2, `reading the boundaries' code list and barangay boundaries (${config.boundaryVintage})`);
  const list = await readSlicedList(config, config.boundaryCodeListFile);
  const units: Unit[] = [...list.units, ...assignParents(list.units, list.groupings)];
  const read = readBarangays(config.sourceDir, list.units, await slicedTowns(config), (done, total) => {
    if (done === total || done % 500 === 0) log(`      ${done}/${total} files`);
  });
  const tagged: Feature<Shape, TaggedProps>[] = [
    ...read.features.map((f) => ({ ...f, properties: { code: f.properties.code, unassigned: null } })),
    ...read.unassigned.map((f) => ({ ...f, properties: { code: null, unassigned: f.properties.name } })),
  ];
  step(3, `repairing and simplifying ${tagged.length} polygons with mapshaper`);
  const { simplified, gaps } = await simplifyBarangays(tagged);
  log(
    `      ${gaps.filled} gaps between barangays narrower than ${MAX_GAP_WIDTH} m split among the barangays around them ` +
      `(${(gaps.area / 1e6).toFixed(1)} km²); ${gaps.wide} wider holes kept open (water or land, below)`,
  );
  if (gaps.unowned || gaps.badTriangulations) {
    log(`      ${gaps.unowned} gaps found no barangay around them; ${gaps.badTriangulations} triangulated with error`);
  }
  return {
    vintage: config.boundaryVintage,
    units,
    censuses: list.censuses,
    notes: list.populationNotes,
    read: indexOf(read),
    simplified,
    levels: {},
  };
}
