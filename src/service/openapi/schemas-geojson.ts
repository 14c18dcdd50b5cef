/**
 * The outlines: GeoJSON geometries (RFC 7946) and the feature collections the answers carry, a province's towns,
 * a town's barangays, and places named by id, name and code.
 */
import type { SchemaObject } from '../../contract/openapi.ts';
import { bool, either, exactly, int, list, num, orNull, record, ref, text } from './json-schema.ts';
import { CHANGES, code10, FACTS, population, townType } from './schemas-facts.ts';

const position = list(num(), 'Longitude and latitude (WGS 84).', { minItems: 2, maxItems: 3 });
const ring = list(position, 'A closed ring: its last position is its first.', { minItems: 4 });

const geometry: Record<string, SchemaObject> = {
  Polygon: record({ type: exactly('Polygon'), coordinates: list(ring) }, {}, 'A GeoJSON Polygon (RFC 7946).'),
  MultiPolygon: record(
    { type: exactly('MultiPolygon'), coordinates: list(list(ring)) },
    {},
    'A GeoJSON MultiPolygon (RFC 7946).',
  ),
  Shape: either([ref('Polygon'), ref('MultiPolygon')], 'A polygon or several.'),
};

/** An outline where one was asked for; null for a unit with none (created from nothing, or new since the boundaries). */
export const outline = orNull(ref('Shape'));
export const regionOutline = orNull(ref('MultiPolygon'));

const townFeature = record(
  {
    type: exactly('Feature'),
    id: int(),
    properties: record({
      code: code10('town'),
      name: text(),
      level: text('City, Mun, SubMun…'),
      id: int(),
      type: townType,
      independent: bool('An independent city lying in the province but not part of it.'),
    }),
    geometry: outline,
  },
  {},
  'A city or municipality listed under the province; its geometry is null where it has no boundary.',
);

const barangayFeature = record(
  {
    type: exactly('Feature'),
    id: code10('barangay'),
    properties: record(
      {
        code: code10('barangay'),
        name: text(),
        level: text(),
        poblacion: bool(),
        population,
      },
      { ...FACTS, ...CHANGES },
    ),
    geometry: outline,
  },
  {},
  'A barangay; its geometry is null where it has no boundary (none in the source, or new since).',
);

const featureCollection = (feature: SchemaObject, description: string) =>
  record({ type: exactly('FeatureCollection'), features: list(feature) }, {}, description);

export const GEOJSON_SCHEMAS: Record<string, SchemaObject> = {
  ...geometry,
  TownFeatures: featureCollection(townFeature, 'A province’s cities and municipalities with their outlines.'),
  BarangayFeatures: featureCollection(barangayFeature, 'A town’s barangays with their outlines.'),
  NamedFeatures: record(
    {
      type: exactly('FeatureCollection'),
      features: list(
        record({
          type: exactly('Feature'),
          id: either([int(), text()]),
          properties: record({ id: either([int(), text()]), name: text(), code: text() }),
          geometry: outline,
        }),
      ),
    },
    { meta: ref('PageMeta') },
    'Places as GeoJSON features named by id, name and code; `meta` (a foreign member) on a paged list.',
  ),
};
