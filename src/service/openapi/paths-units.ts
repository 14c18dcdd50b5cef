/**
 * The operations on regions and provinces, keyed as the endpoint table names its rows (`GET /v1/regions/:id`).
 * Where an answer's shape depends on how the service runs (REGION_SHAPE, API_FLAVOUR), the document describes
 * the shape this service answers in.
 */
import type { SchemaObject } from '../../contract/openapi.ts';
import {
  CODES_TEXT_MAX,
  MAX_CODES,
  NAME_MAX,
  PROVINCE_CODE,
  QUERY_ID_MAX,
  QUERY_TEXT_MAX,
  REGION_CODE,
} from '../../contract/rules.ts';
import type { ApiFlavour, RegionShape } from '../context.ts';
import { bool, either, list, oneOfText, record, ref, text } from './json-schema.ts';
import {
  answer,
  answers,
  body,
  enveloped,
  GEOMETRY,
  idParam,
  limit,
  type Operation,
  PAGE,
  paged,
  query,
  WRITE,
} from './operation-parts.ts';

export interface Shapes {
  regionShape: RegionShape;
  flavour: ApiFlavour;
}

const name = text(
  `1 to ${NAME_MAX} characters once trimmed, one line of visible text (no control or format characters).`,
  {
    minLength: 1,
  },
);
const codeOf = (rule: typeof REGION_CODE) =>
  text(`${rule.words[0].toUpperCase()}${rule.words.slice(1)}; stored upper-case.`, { maxLength: rule.max });
const codes = (what: string) =>
  list(text(undefined, { pattern: '^\\d{10}$' }), `1 to ${MAX_CODES} ten-digit PSGC ${what} codes.`, {
    minItems: 1,
    maxItems: MAX_CODES,
  });
const searchBody = (field: string, what: string) =>
  body(
    record(
      { [field]: codes(what) },
      { geometry: ref('Detail'), output: oneOfText(['json', 'geojson'], 'json (the default) or GeoJSON.') },
    ),
    'Unknown codes are left out; the rest come in the order asked, each once.',
  );
const dryRun = query('dry_run', bool(), 'true: run every check and answer what would be, storing nothing (200).');
const members = (what: string) =>
  list(text(), `1 to 200 ${what} (by id or PSGC code) that move into the new unit.`, { minItems: 1, maxItems: 200 });
const moved = (unit: string, units: string, item: SchemaObject) =>
  enveloped(record({ [unit]: item, [units]: list(item), moves: list(ref('Move')) }));
const undoneOrForbidden = answers({ '200': answer(ref('Undone'), 'Undone.') }, 403, 404, 409);

function regions({ regionShape }: Shapes): Record<string, Operation> {
  const region = ref(regionShape === 'string' ? 'RegionString' : 'RegionNumeric');
  const listed = regionShape === 'string' ? record({ data: list(region) }) : paged(region);
  const regionId = idParam(
    'Numeric id, string id, 10-digit PSGC code or short code (13, region-ncr, 1300000000, NCR).',
  );
  return {
    'GET /v1/regions': {
      summary: 'List regions',
      parameters: [
        query('search', text(undefined, { maxLength: QUERY_TEXT_MAX }), 'Part of the name, or the short code.'),
        query('codes[]', text(), 'A 10-digit PSGC region code; repeat it, or give several comma-separated.'),
        query('codes', text(undefined, { maxLength: CODES_TEXT_MAX }), 'As `codes[]`, comma-separated.'),
        GEOMETRY,
        query('output', oneOfText(['json', 'geojson']), 'geojson needs `geometry`.'),
        PAGE,
        limit(10, 100),
      ],
      responses: answers({ '200': answer(either([listed, ref('NamedFeatures')]), 'Regions, or their features.') }),
    },
    'POST /v1/regions/search': {
      summary: 'Regions by PSGC code',
      requestBody: searchBody('ids', 'region'),
      responses: answers({
        '200': answer(either([list(ref('RegionNumeric')), ref('NamedFeatures')]), 'The regions, with outlines.'),
      }),
    },
    'GET /v1/regions/:id': {
      summary: 'A region',
      parameters: [regionId, GEOMETRY],
      responses: answers({ '200': answer(regionShape === 'string' ? region : enveloped(region), 'The region.') }, 404),
    },
    'POST /v1/regions': {
      summary: 'Create a region (admin)',
      description: 'With `province_ids`, the provinces and independent cities named move into it.',
      parameters: [dryRun, GEOMETRY],
      requestBody: body(record({ name, code: codeOf(REGION_CODE) }, { province_ids: members('provinces') })),
      responses: answers(
        {
          '201': answer(
            record({ id: text(), name: text(), code: text() }, { members: list(ref('MemberRef')) }),
            'Created.',
          ),
          '200': answer(moved('region', 'regions', ref('RegionPreview')), 'A dry run: what would be.'),
        },
        ...WRITE,
      ),
    },
    'PATCH /v1/regions/:id': {
      summary: 'Rename or recode a created region (admin)',
      parameters: [regionId],
      requestBody: body(record({}, { name, code: codeOf(REGION_CODE) })),
      responses: answers(
        { '200': answer(record({ id: text(), name: text(), code: text() }), 'Changed.') },
        404,
        ...WRITE,
      ),
    },
    'DELETE /v1/regions/:id': {
      summary: 'Undo a created region (admin)',
      parameters: [regionId],
      responses: undoneOrForbidden,
    },
    'POST /v1/regions/:id/restore': {
      summary: 'Restore a deleted created region (admin)',
      parameters: [idParam('The deleted region’s numeric id or code.')],
      responses: answers({ '201': answer(enveloped(ref('AuditUnit')), 'Restored.') }, 403, 404, 409),
    },
  };
}

function provinces({ flavour }: Shapes): Record<string, Operation> {
  const live = flavour === 'live';
  const detail = ref(live ? 'LiveProvince' : 'Province');
  const withTowns = enveloped(detail, { geojson: ref('TownFeatures') });
  const read = either(
    [live ? enveloped(detail) : detail, withTowns],
    'Without `geometry` the record, with it its towns too.',
  );
  const provinceId = idParam('Id, 10-digit PSGC code or short code (7022, 0702200000, CEB).');
  return {
    'GET /v1/provinces': {
      summary: 'List provinces',
      description: live
        ? 'Paged, as the live service lists them.'
        : 'Without `page`, every province (`limit` caps it, default 1000); with `page`, paged.',
      parameters: [
        query('region_id', text(undefined, { maxLength: QUERY_ID_MAX }), 'Any of the region’s ids.'),
        PAGE,
        live ? limit(10, 100) : limit(1000, 1000, 'the answer (10 a page, at most 100, with `page`)'),
      ],
      responses: answers(
        {
          '200': answer(
            live ? paged(ref('LiveProvinceItem')) : either([record({ data: list(detail) }), paged(detail)]),
            'Provinces.',
          ),
        },
        404,
      ),
    },
    'POST /v1/provinces/search': {
      summary: 'Provinces by PSGC code',
      requestBody: searchBody('codes', 'province'),
      responses: answers({ '200': answer(either([list(ref('Province')), ref('NamedFeatures')]), 'The provinces.') }),
    },
    'GET /v1/provinces/:id': {
      summary: 'A province',
      parameters: [provinceId, GEOMETRY],
      responses: answers({ '200': answer(read, 'The province.') }, 404),
    },
    'POST /v1/provinces': {
      summary: 'Create a province (admin)',
      description: 'With `municity_ids`, the cities and municipalities named (of its region) move into it.',
      parameters: [dryRun, GEOMETRY],
      requestBody: body(
        record(
          {
            name,
            code: codeOf(PROVINCE_CODE),
            region_id: text('Any of the region’s ids.', { maxLength: QUERY_ID_MAX }),
          },
          { municity_ids: members('cities and municipalities') },
        ),
      ),
      responses: answers(
        {
          '201': answer(ref('Province'), 'Created.'),
          '200': answer(moved('province', 'provinces', ref('Province')), 'A dry run: what would be.'),
        },
        ...WRITE,
      ),
    },
    'PATCH /v1/provinces/:id': {
      summary: 'Rename or recode a created province (admin)',
      parameters: [provinceId, GEOMETRY],
      requestBody: body(record({}, { name, code: codeOf(PROVINCE_CODE) })),
      responses: answers({ '200': answer(read, 'Changed: as GET.') }, 404, ...WRITE),
    },
    'DELETE /v1/provinces/:id': {
      summary: 'Undo a created province (admin)',
      parameters: [provinceId],
      responses: undoneOrForbidden,
    },
    'POST /v1/provinces/:id/restore': {
      summary: 'Restore a deleted created province (admin)',
      parameters: [idParam('The deleted province’s numeric id or code.')],
      responses: answers({ '201': answer(enveloped(ref('AuditUnit')), 'Restored.') }, 403, 404, 409),
    },
  };
}

export const unitOperations = (shapes: Shapes) => ({ ...regions(shapes), ...provinces(shapes) });
