/**
 * The fields many records share: codes, population, creation time, and the facts and changes every unit may
 * carry (src/service/answers/facts.ts, src/service/changes.ts).
 */
import type { SchemaObject } from '../../contract/openapi.ts';
import { CENSUS_YEARS } from '../../contract/types.ts';
import { int, list, num, oneOfText, orNull, record, ref, text } from './json-schema.ts';

export const code10 = (what: string) => text(`The ${what}'s 10-digit PSGC code.`, { pattern: '^\\d{10}$' });
export const createdAt = orNull(
  text('When it was created through the API; null for the units of the code list.', { format: 'date-time' }),
);
export const population = orNull(
  int(
    'Population in the code list’s latest census, which `population_year` names where the server says it (2024 from 3Q 2025, 2020 before); a created unit: its members’ summed.',
  ),
);
const censusYear = (what: string) => int(what, { enum: [...CENSUS_YEARS] });

/**
 * A unit's counts by census (docs/api-decisions.md, "Population"): each census the data carries, null where the
 * unit has no count of its own in it; absent where the data carries no such census.
 */
export const CENSUS_FACTS: Record<string, SchemaObject> = {
  population_year: censusYear('The census `population` is of.'),
  ...Object.fromEntries(
    CENSUS_YEARS.map((year) => [`population_${year}`, orNull(int(`Population in the ${year} census.`))]),
  ),
  growth_2020_2024: orNull(
    num('Average annual growth 1 May 2020 → 1 July 2024, % a year to two decimals, geometric as PSA computes it.'),
  ),
  population_notes: record(
    {},
    Object.fromEntries(CENSUS_YEARS.map((year) => [String(year), text()])),
    'Why a census’s count is null, by year: where PSA’s list counted the unit’s people then.',
  ),
  density_year: censusYear('The census `density` is of.'),
};
export const townType = oneOfText(['City', 'Municipal']);

/**
 * The facts every unit's record may carry (extensions; src/service/answers/facts.ts): each is left out where the
 * code list or the data built gives none, so a client treats every one as optional. A new fact of every unit is
 * one line here.
 */
export const FACTS: Record<string, SchemaObject> = {
  ...CENSUS_FACTS,
  correspondence_code: orNull(text('The old 9-digit PSGC correspondence code.', { pattern: '^\\d{9}$' })),
  area_km2: orNull(num('Land area computed from the boundary (not the PSA’s legal area).')),
  density: orNull(num('Persons per km²: `population` ÷ area, of the census `density_year` names.')),
  old_names: list(text(), 'Former names, as the code list gives them.'),
  zip_codes: list(text(undefined, { pattern: '^\\d{4}$' }), 'ZIP codes from PHLPost’s table (towns only).'),
  income_class: text('Income class as the code list writes it ("1st", "2nd*").'),
  urban_rural: oneOfText(['Urban', 'Rural'], 'A barangay’s class in the 2020 census.'),
};
/** What the change report says of the unit since the older code list; only in a detail, and only where it says something. */
export const CHANGES = { changes: ref('Changes') };

export const CHANGE_SCHEMAS: Record<string, SchemaObject> = {
  UnitChange: record(
    { kind: oneOfText(['added', 'recoded', 'renamed', 'moved', 'reclassified', 'no_boundary']) },
    { from: text(), to: text(), note: text() },
    'One change: the old code or name (`from`), the old and new parent or level (`from`, `to`), or why there is no boundary (`note`).',
  ),
  Changes: record(
    { since: text('The older code list ("4Q 2023").'), items: list(ref('UnitChange')) },
    {},
    'What changed since an older code list.',
  ),
};
