/**
 * The schemas of the places' records: regions (in both shapes), provinces (as the interface document and as the
 * live service list them), cities and municipalities and barangays. Field by field what
 * src/contract/types.ts types and src/service/answers/ builds; the contract tests hold the two together.
 */
import type { SchemaObject } from '../../contract/openapi.ts';
import { DETAIL_LEVELS } from '../../contract/types.ts';
import { bool, either, exactly, int, list, oneOfText, orNull, record, ref, text } from './json-schema.ts';
import {
  CENSUS_FACTS,
  CHANGE_SCHEMAS,
  CHANGES,
  code10,
  createdAt,
  FACTS,
  population,
  townType,
} from './schemas-facts.ts';
import { GEOJSON_SCHEMAS, outline, regionOutline } from './schemas-geojson.ts';

const REGION_NUMERIC = {
  id: int('The region’s two PSGC digits (NCR: 13); from 100 for a created region.'),
  name: text(),
  code: text('The 10-digit PSGC region code; a created region has none and shows its short code.'),
  short_code: text('NCR, CAR, BARMM, IVA…'),
  string_id: text('The id provinces’ `region_id` holds (`region-ncr`).'),
  population,
  created_at: createdAt,
};
const REGION_STRING = {
  id: text('`region-` and the short code in lower case (`region-ncr`).'),
  name: text(),
  code: text('The short code: NCR, CAR, BARMM, IVA…'),
  psgc_code: orNull(code10('region')),
  created_at: createdAt,
};
const REGION_OPTIONAL = { ...FACTS, geometry: regionOutline, ...CHANGES };

const PROVINCE = {
  id: text('The first five PSGC digits (`7022`, Cebu); from 100000 for a created province.'),
  name: text(),
  region_id: text('Its region’s string id (`region-vii`).'),
  code: text('The short code: the ISO 3166-2:PH code where there is one (CEB).'),
  psgc_code: orNull(code10('province')),
  population,
  created_at: createdAt,
  city_count: int('Cities listed under it, independent cities lying in it included.'),
  municipality_count: int(),
};
/** A province or a town moved into a created unit (`province_ids`, `municity_ids`). */
const memberRef = record({
  id: text(),
  code: text(),
  name: text(),
  kind: oneOfText(['province', 'city', 'municipality']),
});
const PROVINCE_OPTIONAL = {
  ...FACTS,
  ...CHANGES,
  geometry: outline,
  members: list(ref('MemberRef'), 'What moved into it (a create with `municity_ids`).'),
};

const provinceRef = record({ id: int('The province’s numeric id.'), code: text(), name: text() });

export const PLACE_SCHEMAS: Record<string, SchemaObject> = {
  ...CHANGE_SCHEMAS,
  ...GEOJSON_SCHEMAS,
  Detail: oneOfText(DETAIL_LEVELS, 'How detailed an outline is.'),
  MemberRef: memberRef,
  RegionNumeric: record(REGION_NUMERIC, REGION_OPTIONAL, 'A region, numeric-id shape.'),
  RegionString: record(REGION_STRING, REGION_OPTIONAL, 'A region, string-id shape.'),
  RegionPreview: record(
    REGION_STRING,
    {
      ...REGION_OPTIONAL,
      members: list(ref('MemberRef'), 'What moves into the new region.'),
      from: exactly(true, 'A region of the code list that loses members.'),
    },
    'A region in a preview: the new one, or one it changes.',
  ),
  Province: record(PROVINCE, PROVINCE_OPTIONAL, 'A province as the API lists it (Metro Manila and the SGA too).'),
  LiveProvinceItem: record(
    {
      id: int(),
      name: text(),
      code: text('The old 9-digit PSGC code; the short code for a province with none.'),
      region_id: either([int('The region’s 9-digit code as a number.'), text('A created region’s id.')]),
    },
    {},
    'A province as the live service’s list shows it.',
  ),
  LiveProvince: record(
    { id: int(), name: text(), code: text('The 10-digit PSGC code, or the short code.'), pop: population },
    {},
    'A province as the live service’s detail shows it.',
  ),
  ProvinceRef: provinceRef,
  Municity: record(
    {
      id: int('The first seven PSGC digits (Manila: 1380600).'),
      name: text(),
      type: townType,
      code: code10('town'),
      province: ref('ProvinceRef'),
      population,
    },
    { ...FACTS, independent: exactly(true, 'An independent city (HUC, Isabela City).') },
    'A city or municipality in a list.',
  ),
  MunicityDetail: record(
    {
      id: int(),
      name: text(),
      code: code10('town'),
      type: townType,
      level: text('City, Mun…'),
      city_class: orNull(text('HUC, ICC, CC')),
      income_class: orNull(text()),
      population,
      province: ref('ProvinceRef'),
      region: record({ id: int(), code: text(), name: text() }),
      barangay_count: int(),
    },
    { ...FACTS, ...CHANGES, independent: exactly(true, 'Listed under a province it is not part of.') },
    'A city or municipality.',
  ),
  MunicitySearchItem: record(
    {
      id: text(),
      name: text(),
      type: townType,
      code: code10('town'),
      p_code: text('Its province’s PSGC code; empty for one with none.'),
      province: text('Its province’s name.'),
      province_id: text(),
      region_id: int(),
    },
    {},
    'A town found by name or ZIP code.',
  ),
  Barangay: record(
    {
      id: code10('barangay'),
      name: text(),
      code: code10('barangay'),
      type: orNull(oneOfText(['Urban', 'Rural']), 'The 2020 census class.'),
      l_code: code10('town'),
      p_code: orNull(code10('province'), 'null for Metro Manila’s towns.'),
      r_code: text('The region’s PSGC code (a created region: its short code).'),
      municity_name: text(),
      province_name: text(),
      population,
      poblacion: bool(),
    },
    { ...CENSUS_FACTS, geometry: outline },
    'A barangay as the live service lists it, with population and poblacion (and, as an extension, its counts by census).',
  ),
};
