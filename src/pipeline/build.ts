import fs from 'node:fs';
import path from 'node:path';
import type { Feature } from 'geojson';
import {
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type GeoLevel,
  type LevelSize,
  type Manifest,
  type Unit,
} from '../dataset/types.ts';
import { readBarangays } from './boundaries.ts';
import type { PipelineConfig } from './config.ts';
import { buildGazetteer } from './gazetteer.ts';
import { buildGeometry, DETAIL_SETTINGS, type Shape, type TaggedProps } from './geometry.ts';
import { assignParents, buildHierarchy, isArea, isMunicity, regionOf } from './hierarchy.ts';
import { borderProvince } from './neighbours.ts';
import { readCodeList } from './psgc.ts';
import { roundShape } from './round.ts';
import { validate, type ValidationReport } from './validate.ts';
import { DataWriter } from './write.ts';

export interface BuildResult {
  manifest: Manifest;
  report: ValidationReport;
  seconds: number;
}

type Log = (message: string) => void;

export async function build(config: PipelineConfig, inputsHash: string, log: Log): Promise<BuildResult> {
  const started = Date.now();
  const step = (n: number, text: string) => log(`[${n}/7] ${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  step(1, `reading the code list ${path.basename(config.codeListFile)}`);
  const list = await readCodeList(config.codeListFile);
  const extra = assignParents(list.units, list.groupings);
  const units: Unit[] = [...list.units, ...extra];
  const byCode = new Map(units.map((u) => [u.code, u]));
  const hierarchy = buildHierarchy(units);

  step(2, 'reading barangay boundaries');
  const read = readBarangays(config.sourceDir, list.units, (done, total) => {
    if (done === total || done % 500 === 0) log(`      ${done}/${total} files`);
  });
  const municityOf = (code: string): string => {
    let unit = byCode.get(code);
    while (unit && !isMunicity(unit)) unit = unit.parent ? byCode.get(unit.parent) : undefined;
    if (!unit) throw new Error(`${code} has no city or municipality above it`);
    return unit.code;
  };
  const tag = (code: string | null, municity: string, pob: boolean): TaggedProps => ({
    code,
    municity,
    area: hierarchy.area[municity] ?? municity,
    region: regionOf(municity),
    pob: pob ? municity : null,
  });
  const tagged: Feature<Shape, TaggedProps>[] = [
    ...read.features.map((f) => {
      const municity = municityOf(f.properties.code);
      return { ...f, properties: tag(f.properties.code, municity, byCode.get(f.properties.code)?.poblacion ?? false) };
    }),
    ...read.unassigned.map((f) => ({ ...f, properties: tag(null, f.properties.municity, false) })),
  ];

  step(3, `building ${tagged.length} polygons into 4 levels × 3 details with mapshaper`);
  const geometry = await buildGeometry(tagged, log);

  // Independent cities whose correspondence code names no province (Isabela City): the province they share
  // the longest border with.
  for (const unit of units) {
    if (!isMunicity(unit) || !isArea(unit) || unit.code.startsWith('13') || hierarchy.geoProvince[unit.code]) continue;
    const province = borderProvince(unit.code, geometry.byDetail.detailed.areas, (code) => byCode.get(code)?.level === 'Prov');
    if (province) hierarchy.geoProvince[unit.code] = province;
  }

  step(4, 'writing polygon files');
  const tmp = `${config.outDir}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const writer = new DataWriter(tmp);
  const refined: Record<Detail, number> = { simple: 0, medium: 0, detailed: 0 };
  const rounded: Record<Detail, Record<GeoLevel, Map<string, Shape>>> = {} as never;
  for (const detail of DETAILS) {
    const shapes = geometry.byDetail[detail];
    const round = (source: Map<string, Shape>) => {
      const out = new Map<string, Shape>();
      for (const [code, shape] of source) {
        if (!byCode.has(code)) continue;
        const r = roundShape(shape, DETAIL_SETTINGS[detail].decimals);
        refined[detail] += r.refined;
        out.set(code, r.shape);
      }
      return out;
    };
    rounded[detail] = {
      regions: round(shapes.regions),
      provinces: round(shapes.areas),
      municities: round(shapes.municities),
      barangays: round(shapes.barangays),
    };
    const feature = (code: string, shape: Shape): Feature<Shape, FeatureProps> => {
      const unit = byCode.get(code)!;
      return { type: 'Feature', properties: { code, name: unit.name, level: unit.level }, geometry: shape };
    };
    const groups = (shapes: Map<string, Shape>, groupOf: (code: string) => string) => {
      const out = new Map<string, Feature<Shape, FeatureProps>[]>();
      for (const [code, shape] of shapes) {
        const key = groupOf(code);
        out.set(key, [...(out.get(key) ?? []), feature(code, shape)]);
      }
      return out;
    };
    const r = rounded[detail];
    writer.collection(dataPaths.regions(detail), [...r.regions].map(([code, shape]) => feature(code, shape)));
    for (const [region, features] of groups(r.provinces, (code) => byCode.get(code)!.parent!)) {
      writer.collection(dataPaths.provinces(detail, region), features);
    }
    for (const [area, features] of groups(r.municities, (code) => hierarchy.area[code] ?? code)) {
      writer.collection(dataPaths.municities(detail, area), features);
    }
    for (const [municity, features] of groups(r.barangays, municityOf)) {
      writer.collection(dataPaths.barangays(detail, municity), features);
    }
    log(`      ${detail}: ${writer.sizes.size} files so far`);
  }

  step(5, 'placing gazetteer points');
  const gazetteer = buildGazetteer(units, hierarchy, geometry.byDetail.detailed, geometry.poblacion);

  step(6, 'validating');
  const report = validate({ units, hierarchy, read, rounded, gazetteer, refined, skipped: list.skipped });

  step(7, 'writing the code list, gazetteer and manifest');
  writer.json(dataPaths.units, units);
  writer.json(dataPaths.hierarchy, hierarchy);
  writer.json(dataPaths.gazetteer, gazetteer);
  writer.json(dataPaths.report, report);
  const counts: Manifest['counts'] = {};
  for (const unit of units) counts[unit.level] = (counts[unit.level] ?? 0) + 1;
  const levelPrefix: Record<GeoLevel, (d: Detail) => string> = {
    regions: (d) => dataPaths.regions(d),
    provinces: (d) => path.dirname(dataPaths.provinces(d, 'x')),
    municities: (d) => path.dirname(dataPaths.municities(d, 'x')),
    barangays: (d) => path.dirname(dataPaths.barangays(d, 'x')),
  };
  const sizes = {} as Record<Detail, Record<GeoLevel, LevelSize>>;
  for (const detail of DETAILS) {
    sizes[detail] = {} as Record<GeoLevel, LevelSize>;
    for (const level of Object.keys(levelPrefix) as GeoLevel[]) {
      sizes[detail][level] = writer.summarise(levelPrefix[level](detail), rounded[detail][level].size);
    }
  }
  const manifest: Manifest = {
    vintage: config.vintage,
    source: path.basename(config.codeListFile),
    builtAt: new Date().toISOString(),
    attribution: config.attribution,
    counts,
    polygons: {
      regions: rounded.detailed.regions.size,
      provinces: rounded.detailed.provinces.size,
      municities: rounded.detailed.municities.size,
      barangays: rounded.detailed.barangays.size,
    },
    sizes,
    withoutGeometry: report.withoutGeometry,
    inputsHash,
  };
  // The manifest is written last: a folder without one is an unfinished build.
  writer.json(dataPaths.manifest, manifest);
  fs.rmSync(config.outDir, { recursive: true, force: true });
  fs.renameSync(tmp, config.outDir);
  return { manifest, report, seconds: (Date.now() - started) / 1000 };
}
