/**
 * The operations on cities and municipalities, barangays, the geocoder, the audit trail and this document,
 * keyed as the endpoint table names its rows.
 */
import { GEOCODE_Q_MAX, QUERY_ID_MAX, QUERY_MIN, QUERY_TEXT_MAX } from '../../contract/rules.ts';
import { BATCH_GEOCODE_MAX, DETAIL_LEVELS } from '../../contract/types.ts';
import { either, int, list, num, oneOfText, openRecord, orNull, record, ref, text } from './json-schema.ts';
import {
  answer,
  answers,
  body,
  enveloped,
  idParam,
  limit,
  type Operation,
  PAGE,
  paged,
  query,
} from './operation-parts.ts';

const province = (what: string) =>
  query(
    'province',
    text(undefined, { maxLength: QUERY_TEXT_MAX }),
    `The province’s name (any case and accents; NCR, Metro Manila, SGA too) whose ${what} to list.`,
    true,
  );
const startsWith = (name: string, what: string) =>
  query(name, text(undefined, { maxLength: QUERY_TEXT_MAX }), `Only ${what} whose name starts with this.`);

const towns: Record<string, Operation> = {
  'GET /v1/municities': {
    summary: 'The cities and municipalities listed under a province',
    parameters: [province('towns'), startsWith('name', 'towns'), PAGE, limit(10, 100)],
    responses: answers({ '200': answer(paged(ref('Municity')), 'Towns, by name.') }, 404),
  },
  'GET /v1/municities/search': {
    summary: 'Find cities and municipalities by name or ZIP code',
    parameters: [
      query(
        'q',
        text(undefined, { maxLength: QUERY_TEXT_MAX }),
        `Every word of it in the name, or a 4-digit ZIP code; at least ${QUERY_MIN} letters or digits.`,
        true,
      ),
      query('region_id', text(undefined, { maxLength: QUERY_ID_MAX }), 'Only the towns of this region, as it is now.'),
      limit(20, 100, 'the answer'),
    ],
    responses: answers({ '200': answer(enveloped(list(ref('MunicitySearchItem'))), 'Best first.') }, 404),
  },
  'GET /v1/municities/:id': {
    summary: 'A city or municipality',
    parameters: [
      idParam('The numeric id (the first seven PSGC digits) or the 10-digit PSGC code.'),
      query('geometry', oneOfText(['true', 'false', ...DETAIL_LEVELS]), 'Its barangays’ outlines (true: detailed).'),
    ],
    responses: answers(
      {
        '200': answer(
          either([
            enveloped(ref('MunicityDetail')),
            enveloped(ref('MunicityDetail'), { geojson: ref('BarangayFeatures') }),
          ]),
          'The town; with `geometry`, its barangays too.',
        ),
      },
      404,
    ),
  },
};

const barangays: Record<string, Operation> = {
  'GET /v1/barangays': {
    summary: 'The barangays of a province',
    parameters: [
      province('barangays'),
      startsWith('municipality', 'towns'),
      startsWith('name', 'barangays'),
      PAGE,
      limit(10, 100),
    ],
    responses: answers({ '200': answer(paged(ref('Barangay')), 'Town by town, in the code list’s order.') }, 404),
  },
  'POST /v1/barangays/search': {
    summary: 'Barangays by PSGC code',
    requestBody: body(
      record(
        {
          codes: list(text(undefined, { pattern: '^\\d{10}$' }), '1 to 100 ten-digit codes.', {
            minItems: 1,
            maxItems: 100,
          }),
        },
        { geometry: ref('Detail'), output: oneOfText(['json', 'geojson']) },
      ),
    ),
    responses: answers({ '200': answer(either([list(ref('Barangay')), ref('NamedFeatures')]), 'In the order asked.') }),
  },
  'GET /v1/barangays/:id': {
    summary: 'A barangay',
    parameters: [idParam('Its 10-digit PSGC code.')],
    responses: answers({ '200': answer(enveloped(ref('Barangay')), 'The barangay.') }, 404),
  },
};

const geocoding: Record<string, Operation> = {
  'GET /v1/geocode': {
    summary: 'Find the places an address names',
    parameters: [
      query('q', text(undefined, { maxLength: GEOCODE_Q_MAX }), 'An address, a place’s name or a PSGC code.', true),
      limit(10, 50, 'the answer'),
    ],
    responses: answers({
      '200': answer(
        enveloped(
          list(ref('GeocodeCandidate')),
          {},
          {
            reason: text('Why there is nothing (an address abroad).'),
            suggestions: list(text(), 'Near spellings, when nothing matched.'),
          },
        ),
        'Candidates, best first.',
      ),
    }),
  },
  'GET /v1/geocode/reverse': {
    summary: 'What is at a point',
    parameters: [
      query('lat', num(undefined, { minimum: -90, maximum: 90 }), 'Latitude.', true),
      query('lng', num(undefined, { minimum: -180, maximum: 180 }), 'Longitude.', true),
    ],
    responses: answers({ '200': answer(enveloped(orNull(ref('WhatIsHere'))), 'null at sea.') }),
  },
  'POST /v1/geocode/batch': {
    summary: 'Match a list of addresses to places',
    description: `At most ${BATCH_GEOCODE_MAX} addresses; each is read up to 300 characters. The HTTP server takes up to 512 KB.`,
    requestBody: body(
      record({ addresses: list(text(), undefined, { maxItems: BATCH_GEOCODE_MAX }) }),
      'The addresses, one result each, in order.',
    ),
    responses: answers({ '200': answer(enveloped(list(ref('BatchResult'))), 'One result per address.') }),
  },
};

const audit: Record<string, Operation> = {
  'GET /v1/audit': {
    summary: 'The changes of the map, newest first (admin)',
    parameters: [
      query('unit', text(undefined, { maxLength: QUERY_TEXT_MAX }), 'A unit’s code, as the entry names it.'),
      query('key', text(undefined, { maxLength: QUERY_TEXT_MAX }), 'A key’s id.'),
      query('kind', oneOfText(['region', 'province']), 'Regions or provinces.'),
      query('unit_id', int(undefined, { minimum: 1 }), 'A unit’s numeric id.'),
      query(
        'action',
        oneOfText(['create', 'reorganize', 'rename', 'recode', 'delete', 'restore']),
        'One kind of change.',
      ),
      PAGE,
      limit(20, 100),
    ],
    responses: answers({ '200': answer(paged(ref('AuditEntry')), 'Entries.') }, 403),
  },
  'GET /v1/openapi.json': {
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of this service, as it answers (its region shape and flavour).',
    responses: answers({
      '200': answer(openRecord({ openapi: text(), info: openRecord({}), paths: openRecord({}) }), 'OpenAPI 3.1.'),
    }),
  },
};

export const lookupOperations: Record<string, Operation> = { ...towns, ...barangays, ...geocoding, ...audit };
