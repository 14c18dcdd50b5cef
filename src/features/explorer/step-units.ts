import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { BarangayCollection } from '../../api/municities.ts';
import type { TownCollection } from '../../api/provinces.ts';
import { isPsgcCode, regionCodeOf } from '../../contract/psgc.ts';
import { regionPsgcCode } from '../../contract/region-shape.ts';
import type { MunicityDetail, MunicityListItem, Province, Region } from '../../contract/types.ts';
import type { DownloadUnit } from './downloads.ts';

/**
 * The units of a step as a download holds them, from the API's answers: each with its outline, its facts and the
 * PSGC codes of the units above it. An independent city's province code is null: it lies in the province it is
 * listed under but is not part of it, as the PSGC has it.
 */
type Shape = Polygon | MultiPolygon | null;
type Outlines = FeatureCollection<Shape, { code: string }>;

const psgcOr = (code: string | null | undefined) => (code && isPsgcCode(code) ? code : null);
/** A unit's region, from its code (the PSGC's structure); none for a code that is not one. */
const regionOf = (code: string) => (isPsgcCode(code) ? regionCodeOf(code) : null);
const byCode = (outlines: Outlines | undefined) =>
  new Map((outlines?.features ?? []).map((f) => [f.properties.code, f.geometry]));

/** The regions (all, or those of a batch), with their outlines as the region answers give them. */
export function regionUnits(regions: Region[], outlines: Outlines): DownloadUnit[] {
  const shapes = byCode(outlines);
  return regions.map((r) => ({
    ...r,
    code: regionPsgcCode(r) ?? r.code,
    level: 'Reg',
    region_code: null,
    province_code: null,
    municity_code: null,
    geometry: shapes.get(r.code) ?? null,
  }));
}

/** A region's provinces, with their own outlines (POST /v1/provinces/search). */
export function provinceUnits(provinces: Province[], outlines: Outlines | undefined): DownloadUnit[] {
  const shapes = byCode(outlines);
  return provinces.map((p) => {
    const code = psgcOr(p.psgc_code);
    return {
      ...p,
      code: code ?? p.code,
      // Metro Manila and the Special Geographic Area are listed as provinces but are none.
      level: code ? 'Prov' : 'listed as a province',
      region_code: code ? regionOf(code) : null,
      province_code: null,
      municity_code: null,
      geometry: (code && shapes.get(code)) || null,
    };
  });
}

/** A province's towns: their facts from the town list, their outlines from the province's answer. */
export function townUnits(towns: MunicityListItem[], shapes: TownCollection): DownloadUnit[] {
  const features = new Map(shapes.features.map((f) => [f.properties.code, f]));
  return towns.map((t) => ({
    ...t,
    level: features.get(t.code)?.properties.level ?? (t.type === 'City' ? 'City' : 'Mun'),
    region_code: regionOf(t.code),
    province_code: t.independent ? null : psgcOr(t.province.code),
    municity_code: null,
    geometry: features.get(t.code)?.geometry ?? null,
  }));
}

/** A town's barangays, from the town's answer. */
export function barangayUnits(town: { data: MunicityDetail; geojson: BarangayCollection }): DownloadUnit[] {
  const { data, geojson } = town;
  return geojson.features.map((f) => ({
    ...f.properties,
    region_code: regionOf(data.code),
    province_code: data.independent ? null : psgcOr(data.province.code),
    municity_code: data.code,
    geometry: f.geometry,
  }));
}
