import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { CENSUS_YEARS, type PopulationFacts } from '../../contract/types.ts';

/**
 * "Download what you see": the units of the current step as GeoJSON, as a CSV of their facts, and
 * as a zipped Shapefile, each named for what it holds and carrying where the data comes from. Pure functions
 * here; the Shapefile's writer is loaded only when one is asked for (downloads-shapefile.ts).
 */

/**
 * One unit of the step, with its outline (null: none in the boundary files) and the codes above it; its counts as
 * the answers give them (each census beside `population`, and the year of each).
 */
export interface DownloadUnit extends PopulationFacts {
  code: string;
  name: string;
  /** PSGC level: Reg, Prov, City, Mun, SubMun, SGU, Bgy. */
  level: string;
  region_code: string | null;
  province_code: string | null;
  municity_code: string | null;
  correspondence_code?: string | null;
  city_class?: string | null;
  income_class?: string | null;
  population?: number | null;
  area_km2?: number | null;
  density?: number | null;
  density_year?: PopulationFacts['population_year'];
  /** Land no barangay covers (level `no-barangay`): the towns around it, as text. */
  around?: string;
  /** A user's own figure for it (Provenance's `yours` names the column); null: their row has none. */
  yours?: number | null;
  geometry: Polygon | MultiPolygon | null;
}

/** A piece of land no barangay covers, as the built data gives it (dataPaths.noBarangay). */
export interface NoBarangayPiece {
  properties: {
    code: string;
    name: string;
    level: string;
    areaKm2: number;
    municities: string[];
    provinces: string[];
    regions: string[];
    around: string;
  };
  geometry: Polygon | MultiPolygon;
}

const PLACE_OF = {
  region: ['region_code', 'regions'],
  province: ['province_code', 'provinces'],
  municity: ['municity_code', 'municities'],
} as const;

/**
 * The land no barangay covers that touches the step's place, as units of their own feature class (level
 * `no-barangay`), to go in the downloads beside the step's units: at the country (no `level` of place) all of
 * it, at a region, province or town the pieces its towns border (its units say which place that is).
 */
export function noBarangayUnits(
  level: keyof typeof PLACE_OF | undefined,
  units: readonly DownloadUnit[],
  land: readonly NoBarangayPiece[],
): DownloadUnit[] {
  const touching = (piece: NoBarangayPiece) => {
    if (!level) return true;
    const [field, list] = PLACE_OF[level];
    const place = units.find((u) => u[field])?.[field];
    return !!place && piece.properties[list].includes(place);
  };
  return land.filter(touching).map(({ properties: p, geometry }) => ({
    code: p.code,
    name: p.name,
    level: p.level,
    region_code: null,
    province_code: null,
    municity_code: null,
    area_km2: p.areaKm2,
    around: p.around,
    geometry,
  }));
}

/** What the files say of themselves: their vintages, attribution and licence. */
export interface Provenance {
  /** The code list's vintage: "4Q 2024". */
  vintage: string;
  /** The boundaries' vintage: "4Q 2023". */
  boundaryVintage: string;
  attribution: string;
  /**
   * A user's own figures, added as a column after the facts: its name (`your_<label>`), the column of their
   * table it comes from, and the file.
   */
  yours?: { column: string; label: string; source: string };
}

/** A user's column's name in the files: `your_` and their column's name in lower case ("your_housing_units"). */
export const yourColumn = (label: string) => `your_${slug(label).replace(/-/g, '_') || 'figure'}`;

export const LICENCE =
  'Codes and population: acknowledge the Philippine Statistics Authority (PSA) as the source. Boundaries: PSA and ' +
  'NAMRIA, published through OCHA HDX (COD-AB), under its terms; cleaned and coded by philippines-json-maps (MIT). ' +
  'Land areas are computed from the boundaries (not the PSA legal areas).';

/** A file name's words: lower case, accents and punctuation gone ("Ciudad de Niño" → "ciudad-de-nino"). */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** "batangas-towns-medium-psgc-4q2024": the place, what of it, the detail and the vintage. */
export function fileBase(place: string, units: string, detail: string, provenance: Provenance) {
  return [slug(place), slug(units), detail, 'psgc', slug(provenance.vintage).replace('-', '')].join('-');
}

const CODE_FIELDS = [
  'code',
  'name',
  'level',
  'region_code',
  'province_code',
  'municity_code',
  'correspondence_code',
  'city_class',
  'income_class',
] as const;

/** A column of the files: its name in the CSV and GeoJSON, in a Shapefile (10 characters at most), and its value. */
interface Field {
  name: string;
  short: string;
  value: (u: DownloadUnit) => unknown;
}

/**
 * The columns, each figure named with its census: `population_2024`, `population_2020`, `population_2015` (those
 * the units carry, newest first), `growth_2020_2024`, `area_km2`, `density_2024`. Counts whose census the server
 * does not say keep the plain names `population` and `density`.
 */
export function fieldsOf(units: readonly DownloadUnit[]): Field[] {
  const has = (key: keyof DownloadUnit) => units.some((u) => key in u);
  const fields: Field[] = CODE_FIELDS.map((name) => ({
    name,
    short: SHAPEFILE_FIELDS[name],
    value: (u) => u[name],
  }));
  const censuses = [...CENSUS_YEARS].reverse().filter((y) => has(`population_${y}`));
  for (const year of censuses) {
    fields.push({ name: `population_${year}`, short: `pop_${year}`, value: (u) => u[`population_${year}`] });
  }
  if (!censuses.length) fields.push({ name: 'population', short: 'pop', value: (u) => u.population });
  if (has('growth_2020_2024')) {
    fields.push({ name: 'growth_2020_2024', short: 'grow_20_24', value: (u) => u.growth_2020_2024 });
  }
  fields.push({ name: 'area_km2', short: 'area_km2', value: (u) => u.area_km2 });
  const year = units.find((u) => u.density_year)?.density_year;
  fields.push({
    name: year ? `density_${year}` : 'density',
    short: year ? `dens_${year}` : 'density',
    value: (u) => u.density,
  });
  return fields;
}

/** The fields, and a user's own figure's column after them where their table is drawn. */
const columnsOf = (units: readonly DownloadUnit[], { yours }: Pick<Provenance, 'yours'>): Field[] => {
  const fields = fieldsOf(units);
  return yours ? [...fields, { name: yours.column, short: YOURS_FIELD, value: (u) => u.yours }] : fields;
};

const propertiesOf = (u: DownloadUnit, fields: Field[]) => ({
  ...Object.fromEntries(fields.map((f) => [f.name, f.value(u) ?? null])),
  ...(u.around === undefined ? {} : { around: u.around }),
});

/**
 * The units as a GeoJSON FeatureCollection: each feature's properties are the facts (the same columns as the
 * CSV), and the collection's foreign members say what it is and where it comes from (RFC 7946 §6.1 allows them;
 * QGIS and ogr2ogr ignore them). A unit with no outline is kept, with a null geometry, as RFC 7946 allows.
 */
export function geojsonText(units: readonly DownloadUnit[], provenance: Provenance, title: string): string {
  const fields = columnsOf(units, provenance);
  const collection: FeatureCollection<Polygon | MultiPolygon | null> & Record<string, unknown> = {
    type: 'FeatureCollection',
    name: title,
    codes_vintage: `PSGC ${provenance.vintage}`,
    boundaries_vintage: provenance.boundaryVintage,
    attribution: provenance.attribution,
    licence: LICENCE,
    ...(provenance.yours && {
      [provenance.yours.column]: `${provenance.yours.label}, from ${provenance.yours.source} (your table)`,
    }),
    features: units.map(
      (u): Feature<Polygon | MultiPolygon | null> => ({
        type: 'Feature',
        id: u.code,
        properties: propertiesOf(u, fields),
        geometry: u.geometry,
      }),
    ),
  };
  return JSON.stringify(collection);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, a line break or leading/trailing spaces, quotes
 * doubled. A text that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * is prefixed with an apostrophe (OWASP, "CSV injection"); numbers are written as they are.
 */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The facts as CSV, one row per unit with the codes of every unit above it; each row also says its vintages and
 * sources, so a row copied elsewhere keeps them. CRLF line ends and a BOM, which Excel needs to read UTF-8
 * names (Dasmariñas) right.
 */
export function csvText(units: readonly DownloadUnit[], provenance: Provenance): string {
  const fields = columnsOf(units, provenance);
  const header = [...fields.map((f) => f.name), 'codes_vintage', 'boundaries_vintage', 'source'];
  const extra = [`PSGC ${provenance.vintage}`, provenance.boundaryVintage, provenance.attribution];
  const rows = units.map((u) => [...fields.map((f) => f.value(u)), ...extra]);
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The README that goes in the Shapefile's zip: what the layer is, its fields, vintages, sources and licence. */
export function readmeText(title: string, units: readonly DownloadUnit[], provenance: Provenance): string {
  const figures = fieldsOf(units)
    .slice(CODE_FIELDS.length)
    .map((f) => FIGURE_NOTES[f.short.replace(/_\d{4}$/, '')]?.(f.short) ?? f.short);
  return [
    title,
    '',
    `${units.filter((u) => u.geometry).length} features, WGS 84 (EPSG:4326). Codes: PSGC ${provenance.vintage}; boundaries of ${provenance.boundaryVintage}.`,
    'Fields: code (10-digit PSGC), name, level, reg_code, prov_code, town_code (the codes above it), corr_code',
    `(the old 9-digit code), city_class, inc_class, ${figures.join(', ')}.`,
    'A unit without a boundary in the source files is not in the layer; the CSV lists it.',
    ...(provenance.yours
      ? [`${YOURS_FIELD}: ${provenance.yours.label}, from ${provenance.yours.source} (your own table, not PSA's).`]
      : []),
    '',
    `Sources: ${provenance.attribution}`,
    `Licence: ${LICENCE}`,
    '',
    'Made with Kapuluan.',
  ].join('\r\n');
}

/** What each figure's column is, for the README: "pop_2024 (people, 2024 census)". */
const FIGURE_NOTES: Record<string, (name: string) => string> = {
  pop: (n) => `${n} (people${n === 'pop' ? ', census not given' : `, ${n.slice(4)} census`})`,
  grow_20_24: (n) => `${n} (% a year, 1 May 2020 to 1 July 2024, as PSA computes it)`,
  area_km2: (n) => `${n} (computed from the boundary)`,
  dens: (n) => `${n} (people per km², ${n.slice(5)} census)`,
  density: (n) => `${n} (people per km²)`,
};

/** The attribute table's names, at most 10 characters (the dBASE limit a Shapefile keeps). */
export const SHAPEFILE_FIELDS: Record<(typeof CODE_FIELDS)[number], string> = {
  code: 'code',
  name: 'name',
  level: 'level',
  region_code: 'reg_code',
  province_code: 'prov_code',
  municity_code: 'town_code',
  correspondence_code: 'corr_code',
  city_class: 'city_class',
  income_class: 'inc_class',
};

/** A user's figure in the Shapefile: dBASE names hold 10 characters, so the README names its column. */
const YOURS_FIELD = 'your_fig';

/**
 * The units with an outline, every one a MultiPolygon, their properties under the Shapefile's names. One
 * geometry type for all: @mapbox/shp-write writes polygons and multipolygons to two layers of the same file name,
 * and the second overwrote the first (2 of Palawan's 23 towns were lost before this).
 */
export function shapefileFeatures(
  units: readonly DownloadUnit[],
  { yours }: Pick<Provenance, 'yours'> = {},
): FeatureCollection<MultiPolygon> {
  const fields = columnsOf(units, { yours });
  return {
    type: 'FeatureCollection',
    features: units.flatMap((u) =>
      u.geometry
        ? [
            {
              type: 'Feature' as const,
              properties: Object.fromEntries(fields.map((f) => [f.short, f.value(u) ?? null])),
              geometry:
                u.geometry.type === 'MultiPolygon'
                  ? u.geometry
                  : { type: 'MultiPolygon' as const, coordinates: [u.geometry.coordinates] },
            },
          ]
        : [],
    ),
  };
}

/** A size as people read it: "812 bytes", "14.2 KB", "3.4 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
