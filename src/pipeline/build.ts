import fs from 'node:fs';
import path from 'node:path';
import type { Feature } from 'geojson';
import {
  CENSUS_NAMES,
  type ChangeReport,
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type GeoLevel,
  type LevelSize,
  type Manifest,
  type Unit,
} from '../dataset/types.ts';
import { describeChanges } from './changes.ts';
import type { PipelineConfig } from './config.ts';
import { crosswalk, sameList } from './crosswalk.ts';
import { buildGazetteer } from './gazetteer.ts';
import {
  DETAIL_SETTINGS,
  generalizeOverview,
  OVERVIEW_SETTINGS,
  type Shape,
  type SimplifiedBarangays,
} from './geometry.ts';
import {
  assignParents,
  buildHierarchy,
  codeIndexOf,
  isArea,
  isMunicity,
  municityFinder,
  regionOf,
  splitUnits,
} from './hierarchy.ts';
import { labelPoint } from './label-point.ts';
import { densityPerKm2, landAreaKm2 } from './land-area.ts';
import { buildLevels, type LevelShapes } from './levels.ts';
import { borderProvince } from './neighbours.ts';
import { describeOpenHoles, writeNoBarangayLand } from './no-barangay.ts';
import { changesSincePrevious, firstListedIn, oldCodes, readOlderLists } from './older-lists.ts';
import { addPartsCensus, addPopulation, type PopulationReport } from './population.ts';
import { type PreparedBoundaries, prepareBoundaries } from './prepare.ts';
import { rekeyBoundaries, rekeyShapes } from './rekey.ts';
import { readSlicedList } from './slice.ts';
import { findSplits, splitsSince } from './splits.ts';
import { type ValidationReport, validate } from './validate.ts';
import { DataWriter } from './write.ts';
import { addZipCodes } from './zip-codes.ts';

export interface BuildResult {
  manifest: Manifest;
  report: ValidationReport;
  changes: ChangeReport;
  /** From the release before this one (4Q 2024 → 2Q 2025), when there is one. */
  previousChanges: ChangeReport | null;
  /** The censuses carried, how the older ones were joined, and PSA's totals checked. */
  population: PopulationReport;
  /** The prepared polygons, for the next vintage built in the same run. */
  boundaries: PreparedBoundaries;
  seconds: number;
}

type Log = (message: string) => void;
const GEO_LEVELS: GeoLevel[] = ['regions', 'provinces', 'municities', 'barangays'];

export async function build(
  config: PipelineConfig,
  inputsHash: string,
  log: Log,
  prepared?: PreparedBoundaries,
): Promise<BuildResult> {
  const started = Date.now();
  const step = (n: number, text: string) => log(`[${n}/7] ${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  step(1, `reading the code list ${path.basename(config.codeListFile)}`);
  const list = await readSlicedList(config, config.codeListFile);
  const units: Unit[] = [...list.units, ...assignParents(list.units, list.groupings)];
  const byCode = new Map(units.map((u) => [u.code, u]));
  const hierarchy = buildHierarchy(units);
  const municityOf = municityFinder(byCode);

  const boundaries = prepared ?? (await prepareBoundaries(config, step, log));
  if (prepared) step(3, `reusing the barangay polygons repaired and simplified for the last vintage built`);
  // The boundaries carry the codes of their own vintage: pair that list's units with this one's, and move the
  // polygons to this list's codes.
  const vintages = { from: boundaries.vintage, to: config.vintage };
  const walk = config.vintage === boundaries.vintage ? sameList(units) : crosswalk(boundaries.units, units);
  const changes = describeChanges(boundaries.units, units, walk, vintages);
  const older = await readOlderLists(config, boundaries);
  const population = addPopulation(config.vintage, list, units, older);
  const previousChanges = changesSincePrevious(config, older, units, changes);
  const partOf = new Map(
    findSplits(boundaries.units, units, walk).flatMap((s) =>
      s.parts.map((p) => [p.code, { code: s.code, name: s.name }]),
    ),
  );
  const read = rekeyBoundaries(boundaries.read, boundaries.units, units, walk, {
    ...vintages,
    firstIn: firstListedIn(older, boundaries.vintage, config.vintage),
    partOf,
  });
  const simplified = Object.fromEntries(
    DETAILS.map((d) => [d, rekeyShapes(boundaries.simplified[d], walk, read.asUnassigned)]),
  ) as Record<Detail, SimplifiedBarangays>;

  step(4, 'rounding, dissolving the levels above the barangays with mapshaper, writing polygon files');
  const unassignedIn = new Map(read.unassigned.map((u) => [u.name, u.municity]));
  const levels = {} as Record<Detail, LevelShapes>;
  const caches: PreparedBoundaries['levels'] = {};
  // The details at once: each dissolves on a thread of its own (geometry.ts) while the next one is rounded.
  const placement = {
    municityOf,
    areaOf: (municity: string) => hierarchy.area[municity] ?? municity,
    regionOf: (area: string) => regionOf(area),
    unassignedIn: (name: string) => unassignedIn.get(name) ?? '',
  };
  const built = await Promise.all(
    DETAILS.map((d) => buildLevels(simplified[d], DETAIL_SETTINGS[d].decimals, placement, boundaries.levels[d])),
  );
  DETAILS.forEach((detail, i) => {
    levels[detail] = built[i].levels;
    caches[detail] = built[i].cache;
  });
  // The country overview (regions at `simple`) is generalized from the detailed areas and dissolved: dissolved
  // from simplified barangays it would keep every point where a barangay border meets the coast or a region
  // border (17,000 vertices, 76 KB gzip) for a layer drawn only below zoom 6.5. It nests in the provinces at
  // simple to within the tolerance the tests state, and exactly in the generalized areas written beside it.
  const overview = await generalizeOverview(
    levels.detailed.provinces,
    (area) => byCode.get(area)!.parent!,
    OVERVIEW_SETTINGS,
  );
  levels.simple.regions = overview.regions;
  // Independent cities whose correspondence code names no province (Isabela City): the province they share
  // the longest border with.
  for (const unit of units) {
    if (!isMunicity(unit) || !isArea(unit) || unit.code.startsWith('13')) continue;
    if (hierarchy.geoProvince[unit.code]) continue;
    const isProvince = (code: string) => byCode.get(code)?.level === 'Prov';
    const province = borderProvince(unit.code, levels.detailed.provinces, isProvince);
    if (province) hierarchy.geoProvince[unit.code] = province;
  }

  addLandAreas(units, levels.detailed);
  const zip = await addZipCodes(config.zipFile, units, hierarchy, log);

  const tmp = `${config.outDir}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const writer = new DataWriter(tmp);
  for (const detail of DETAILS) writeDetail(writer, detail, levels[detail], byCode, hierarchy.area, municityOf);
  writer.collection(
    dataPaths.overviewAreas,
    [...overview.areas].map(([code, geometry]) => {
      const unit = byCode.get(code)!;
      return { type: 'Feature', properties: { code, name: unit.name, level: unit.level }, geometry };
    }),
  );

  // Holes of the country no barangay fills: water stays water; land is written for the map to draw as land.
  const { report: openHoles, detailedLand } = await writeNoBarangayLand(
    writer,
    levels,
    byCode,
    (m) => hierarchy.area[m] ?? m,
  );
  for (const line of describeOpenHoles(openHoles)) log(line);

  // Barangays split since an older list (Caloocan's 176 into 176-A…F), with the territory the boundaries gave them.
  const splitPairs = older.map((list) => ({
    from: list.vintage,
    to: config.vintage,
    splits: findSplits(list.units, units).map(
      (s) => `${s.code} ${s.name} (${s.townName}) → ${s.parts.map((p) => p.name).join(', ')}`,
    ),
  }));
  for (const pair of splitPairs) {
    log(`splits ${pair.from} → ${pair.to}: ${pair.splits.length}${pair.splits.map((s) => `\n  ${s}`).join('')}`);
  }
  const toBoundaries = new Map<string, Map<string, string>>();
  const boundaryCodeOf = (code: string, vintage: string) => {
    if (vintage === boundaries.vintage) return code;
    const list = older.find((l) => l.vintage === vintage);
    if (!list) return undefined;
    let walkBack = toBoundaries.get(vintage);
    if (!walkBack) {
      walkBack = crosswalk(boundaries.units, list.units).oldOf;
      toBoundaries.set(vintage, walkBack);
    }
    return walkBack.get(code);
  };
  const splits = splitsSince(
    older,
    units,
    firstListedIn(older, boundaries.vintage, config.vintage),
    (code, vintage) => {
      const boundaryCode = boundaryCodeOf(code, vintage);
      const name = boundaryCode && read.asUnassigned.get(boundaryCode);
      const detailed = name ? levels.detailed.unassigned.get(name)?.shape : undefined;
      const medium = name ? levels.medium.unassigned.get(name)?.shape : undefined;
      return { point: detailed ? labelPoint(detailed) : null, geometry: medium ?? null };
    },
  );
  addPartsCensus(splits, byCode, population.censuses);

  step(5, 'placing gazetteer points');
  const gazetteer = await buildGazetteer(units, hierarchy, levels.detailed, detailedLand);

  step(6, 'validating');
  const report = validate({ units, hierarchy, read, levels, gazetteer, skipped: list.skipped });
  report.zip = zip;

  step(7, 'writing the code list, gazetteer and manifest');
  writer.json(dataPaths.units, units);
  writer.json(dataPaths.hierarchy, hierarchy);
  const split = splitUnits(units, hierarchy);
  writer.json(dataPaths.unitsIndex, split.index);
  writer.json(
    dataPaths.regionUnits,
    units.filter((u) => u.level === 'Reg'),
  );
  for (const [town, barangays] of split.barangays) writer.json(dataPaths.barangayUnits(town), barangays);
  writer.json(dataPaths.codes, codeIndexOf(units, config.vintage));
  writer.json(dataPaths.gazetteer, gazetteer);
  writer.json(dataPaths.report, { ...report, openHoles, splits: splitPairs, population });
  changes.withoutBoundary = report.withoutGeometry;
  // Which units have no polygon does not depend on the list compared with.
  if (previousChanges) previousChanges.withoutBoundary = report.withoutGeometry;
  writer.json(dataPaths.changes, changes);
  if (previousChanges) writer.json(dataPaths.previousChanges, previousChanges);
  writer.json(dataPaths.oldCodes, oldCodes(older, units));
  writer.json(dataPaths.splits, splits);
  const counts: Manifest['counts'] = {};
  for (const unit of units) counts[unit.level] = (counts[unit.level] ?? 0) + 1;
  const prefix = (level: GeoLevel, d: Detail) =>
    level === 'regions' ? dataPaths.regions(d) : path.dirname(dataPaths[level](d, 'x'));
  const sizes = {} as Record<Detail, Record<GeoLevel, LevelSize>>;
  for (const detail of DETAILS) {
    sizes[detail] = {} as Record<GeoLevel, LevelSize>;
    for (const level of GEO_LEVELS) {
      sizes[detail][level] = writer.summarise(prefix(level, detail), levels[detail][level].size);
    }
  }
  const manifest: Manifest = {
    vintage: config.vintage,
    boundaryVintage: config.boundaryVintage,
    source: path.basename(config.codeListFile),
    populationYear: population.populationYear,
    censuses: population.censuses,
    builtAt: new Date().toISOString(),
    attribution: `${config.attribution} Population: PSA ${CENSUS_NAMES[population.populationYear]}.`,
    counts,
    polygons: Object.fromEntries(GEO_LEVELS.map((l) => [l, levels.detailed[l].size])) as Record<GeoLevel, number>,
    sizes,
    withoutGeometry: report.withoutGeometry,
    changes: changes.counts,
    previousVintage: previousChanges?.from ?? null,
    previousChanges: previousChanges?.counts ?? null,
    inputsHash,
  };
  // The manifest is written last and the folder swapped in whole: no half-built data is ever served.
  writer.json(dataPaths.manifest, manifest);
  fs.rmSync(config.outDir, { recursive: true, force: true });
  fs.renameSync(tmp, config.outDir);
  // The next vintage built in this run reuses the polygons and this build's levels (levels.ts).
  const reusable = { ...boundaries, levels: caches };
  return {
    manifest,
    report,
    changes,
    previousChanges,
    population,
    boundaries: reusable,
    seconds: (Date.now() - started) / 1000,
  };
}

function groupBy<T, V>(items: T[], key: (item: T) => string, value: (item: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(value(item));
    else groups.set(k, [value(item)]);
  }
  return groups;
}

/** Splits one detail's levels into the files the browser fetches: one per region, area and town. */
function writeDetail(
  writer: DataWriter,
  detail: Detail,
  levels: LevelShapes,
  byCode: Map<string, Unit>,
  area: Record<string, string>,
  municityOf: (code: string) => string,
) {
  const feature = ([code, shape]: [string, Shape]): Feature<Shape, FeatureProps> => {
    const unit = byCode.get(code)!;
    return { type: 'Feature', properties: { code, name: unit.name, level: unit.level }, geometry: shape };
  };
  const files = (shapes: Map<string, Shape>, fileOf: (code: string) => string) => {
    for (const [file, features] of groupBy([...shapes], ([code]) => fileOf(code), feature)) {
      writer.collection(file, features);
    }
  };
  writer.collection(dataPaths.regions(detail), [...levels.regions].map(feature));
  files(levels.provinces, (code) => dataPaths.provinces(detail, byCode.get(code)!.parent!));
  files(levels.municities, (code) => dataPaths.municities(detail, area[code] ?? code));
  files(levels.barangays, (code) => dataPaths.barangays(detail, municityOf(code)));
  if (detail === 'medium') {
    files(levels.barangays, (code) => {
      const town = municityOf(code);
      return dataPaths.areaBarangays(area[town] ?? town);
    });
  }
  writer.json(dataPaths.unassigned(detail), {
    type: 'FeatureCollection',
    features: [...levels.unassigned].map(([name, { municity, shape }]) => ({
      type: 'Feature',
      properties: { name, municity },
      geometry: shape,
    })),
  });
}

/** Each unit's land area from its detailed polygon (the most exact one built) and its density. */
function addLandAreas(units: Unit[], detailed: LevelShapes) {
  const shapes = [detailed.regions, detailed.provinces, detailed.municities, detailed.barangays];
  for (const unit of units) {
    const shape = shapes.find((level) => level.has(unit.code))?.get(unit.code);
    unit.areaKm2 = shape ? landAreaKm2(shape) : null;
    unit.densityPerKm2 = densityPerKm2(unit.population, unit.areaKm2);
  }
}
