/**
 * The schemas of what is not a place's record: the error body, a page's `meta`, the geocoder's candidates, a
 * batch's matches, "what is here", the audit trail and the answers of creates, previews and undos.
 */
import type { SchemaObject } from '../../contract/openapi.ts';
import { bool, exactly, int, list, num, oneOfText, openRecord, orNull, record, ref, text } from './json-schema.ts';

const placeRef = record({ code: text(), name: text() });
const explorerPath = {
  region_id: int('Where the explorer shows it: the region’s numeric id…'),
  province_id: orNull(text('…the API province’s id…')),
  municity_id: orNull(int('…and the town’s id, as far down as it goes.')),
};
const splitInfo = record(
  {
    vintages: list(text(), 'The code lists that had the old barangay.'),
    since: text('The first list with its parts.'),
    town: ref('PlaceRef'),
    parts: list(ref('PlaceRef'), 'Its parts, by today’s codes; none has a boundary yet.'),
  },
  {},
  'A barangay split since an older code list.',
);

const candidate = record(
  {
    id: text(),
    name: text(),
    lat: num(),
    lng: num(),
    level: text('Reg, Prov, City, Mun, Bgy…'),
    code: text(),
    parents: list(text(), 'The units above, nearest first.'),
    score: num(),
    ...explorerPath,
  },
  {
    matched: record({}, { barangay: text(), district: text(), town: text(), province: text(), region: text() }),
    confidence: num('How sure, 0 to 1.', { minimum: 0, maximum: 1 }),
    not_found: record({ level: oneOfText(['Bgy', 'town']), text: text() }),
    outside: record({ level: oneOfText(['town', 'province']), text: text() }),
    independent_of: text('The province an independent city lies in but is not part of.'),
    city_class: text(),
    zip: record(
      { code: text(), agrees: bool(), towns: list(text()) },
      { alone: exactly(true, 'The ZIP code alone placed it.') },
    ),
    recoded_from: record({ code: text(), vintages: list(text()) }, {}, 'An older list’s code, recoded since.'),
    split: ref('SplitInfo'),
    part_of: record({ code: text(), name: text(), since: text() }, {}, 'A part of a split barangay.'),
  },
  'A place an address may name.',
);

const resolvedPlace = record(
  {
    psgc_code: text(),
    level: text(),
    name: text(),
    barangay: orNull(ref('PlaceRef')),
    city_municipality: orNull(ref('PlaceRef')),
    province: orNull(ref('PlaceRef')),
    region: ref('PlaceRef'),
    lat: num(),
    lng: num(),
    confidence: num(undefined, { minimum: 0, maximum: 1 }),
    note: orNull(text('Why it is not a sure match, for a person to read.')),
    ...explorerPath,
  },
  { psgc_vintage: text('The code list its codes are of ("2Q 2025").'), split: ref('SplitInfo') },
  'A place an address resolved to, with every level above it.',
);

const level = (extra: Record<string, SchemaObject> = {}) =>
  orNull(record({ code: text(), name: text(), level: text() }, extra));

const auditUnit = record(
  {
    numeric_id: int(),
    id: text(),
    name: text(),
    code: text(),
    created_at: text(undefined, { format: 'date-time' }),
    members: list(text(), 'The PSGC codes of the areas that moved into it.'),
  },
  { region_id: text('A province’s region.') },
  'A created unit’s record, as the audit trail keeps it.',
);

export const LOOKUP_SCHEMAS: Record<string, SchemaObject> = {
  Error: record(
    {
      data: exactly(null),
      error: record(
        {
          code: text('invalid_parameter, invalid_body, unauthorized, forbidden, not_found, duplicate, busy…'),
          message: text('For a person to read.'),
        },
        { details: openRecord({}, 'What the error is about (`param`, `field`, `retry_after_seconds`…).') },
      ),
    },
    {},
    'Every error.',
  ),
  PageMeta: record({
    total: int(),
    page: int(),
    limit: int(),
    totalPages: int(),
    links: record({ self: text(), next: orNull(text()), prev: orNull(text()) }),
  }),
  PlaceRef: placeRef,
  SplitInfo: splitInfo,
  GeocodeCandidate: candidate,
  ResolvedPlace: resolvedPlace,
  BatchResult: record(
    {
      status: oneOfText(['matched', 'ambiguous', 'unmatched']),
      match: orNull(ref('ResolvedPlace')),
      candidates: list(ref('ResolvedPlace'), 'Best first; up to five, or the match alone.'),
    },
    { reason: text('Why a person should look, when not matched.') },
    'How one address matched.',
  ),
  WhatIsHere: record(
    {
      barangay: level(),
      municity: level({ independent: exactly(true), city_class: orNull(text()) }),
      province: orNull(record({ id: text(), name: text(), code: orNull(text()) })),
      region: level({ id: text('A reorganized region’s string id.') }),
    },
    {},
    'The units at a point.',
  ),
  AuditUnit: auditUnit,
  AuditEntry: record(
    {
      id: int(),
      at: text(undefined, { format: 'date-time' }),
      key: record({ id: text('The key’s id, never the key.'), name: text() }),
      action: oneOfText(['create', 'reorganize', 'rename', 'recode', 'delete', 'restore']),
      kind: oneOfText(['region', 'province']),
      unit: record({ id: int(), code: text() }),
      before: orNull(ref('AuditUnit')),
      after: orNull(ref('AuditUnit')),
    },
    {},
    'One change of the map.',
  ),
  Undone: record(
    { data: record({ id: text(), name: text(), code: text(), deleted: exactly(true) }), error: exactly(null) },
    {},
    'A created unit undone; its members are back where they were.',
  ),
  Move: record(
    {
      id: text(),
      code: text(),
      name: text(),
      kind: oneOfText(['province', 'city', 'municipality']),
      from: orNull(record({ id: text(), name: text(), code: text() }), 'The unit it leaves.'),
    },
    {},
    'A member of a preview, and where it comes from.',
  ),
};
