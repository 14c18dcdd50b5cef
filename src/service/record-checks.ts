/**
 * The checks a stored set of created records passes before the service trusts it. A records file or a
 * localStorage value is written by the service, but may also be edited by hand or left by an older version:
 * a bad entry let through would make every endpoint that lists regions answer 500. Each entry is held to the
 * rules a create applies, and the first one broken is named with its place, like `provinces[3].name is not a
 * string`, so whoever reads the message can mend the file.
 */
import { isPsgcCode } from '../contract/psgc.ts';
import { type CodeRule, nameProblem, PROVINCE_CODE, REGION_CODE } from '../contract/rules.ts';
import { regionStringId } from './dataset.ts';
import type { CreatedRecords } from './records.ts';

/** Created regions are numbered from 100 and created provinces from 100000 (docs/api-decisions.md, "Ids"). */
export const FIRST_REGION_ID = 100;
export const FIRST_PROVINCE_ID = 100_000;

export class RecordsError extends Error {}

type Entry = Record<string, unknown>;

function entryAt(list: unknown[], index: number, where: string): Entry {
  const value = list[index];
  if (value === null) throw new RecordsError(`${where} is null`);
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RecordsError(`${where} is not an object`);
  }
  return value as Entry;
}

function text(entry: Entry, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string') throw new RecordsError(`${where}.${field} is not a string`);
  return value;
}

function wholeNumber(entry: Entry, field: string, where: string, min: number): number {
  const value = entry[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new RecordsError(`${where}.${field} is not a whole number of at least ${min}`);
  }
  return value;
}

function checkName(entry: Entry, where: string) {
  const problem = nameProblem(text(entry, 'name', where));
  if (problem) throw new RecordsError(`${where}.name ${problem}`);
}

function checkCode(entry: Entry, where: string, rule: CodeRule): string {
  const code = text(entry, 'code', where);
  if (!rule.pattern.test(code)) throw new RecordsError(`${where}.code is not ${rule.words}, stored upper-case`);
  return code;
}

function checkCreatedAt(entry: Entry, where: string) {
  if (Number.isNaN(Date.parse(text(entry, 'createdAt', where)))) {
    throw new RecordsError(`${where}.createdAt is not an ISO 8601 date`);
  }
}

/** Remembers each key once; a second entry with the same key is named with the first. */
function uniqueKeys(what: string) {
  const seen = new Map<string | number, string>();
  return (key: string | number, where: string) => {
    const first = seen.get(key);
    if (first !== undefined) throw new RecordsError(`${where}.${what} ${key} is also ${first}'s`);
    seen.set(key, where);
  };
}

/** Members: absent, or PSGC codes, each in one created unit of its kind at most. */
function checkMembers(entry: Entry, where: string, seen: (key: string, where: string) => void) {
  const members = entry.members;
  if (members === undefined) return;
  if (!Array.isArray(members)) throw new RecordsError(`${where}.members is not an array`);
  members.forEach((member, i) => {
    if (!isPsgcCode(member)) {
      throw new RecordsError(`${where}.members[${i}] is not a 10-digit PSGC code`);
    }
    seen(member, `${where}.members[${i}]`);
  });
}

function checkRegions(regions: unknown[]) {
  const ids = uniqueKeys('numericId');
  const codes = uniqueKeys('code');
  const members = uniqueKeys('member');
  for (let i = 0; i < regions.length; i++) {
    const where = `regions[${i}]`;
    const entry = entryAt(regions, i, where);
    ids(wholeNumber(entry, 'numericId', where, FIRST_REGION_ID), where);
    const code = checkCode(entry, where, REGION_CODE);
    codes(code, where);
    if (text(entry, 'stringId', where) !== regionStringId(code)) {
      throw new RecordsError(`${where}.stringId is not ${regionStringId(code)}, the string id of its code`);
    }
    checkName(entry, where);
    checkCreatedAt(entry, where);
    checkMembers(entry, where, members);
  }
}

/** A region's string id: what regionStringId makes of a region code (built-in regions' ids look the same). */
const looksLikeRegionId = (id: string) => {
  const code = id.slice('region-'.length).toUpperCase();
  return REGION_CODE.pattern.test(code) && regionStringId(code) === id;
};

function checkProvinces(provinces: unknown[]) {
  const ids = uniqueKeys('numericId');
  const codes = uniqueKeys('code');
  const members = uniqueKeys('member');
  for (let i = 0; i < provinces.length; i++) {
    const where = `provinces[${i}]`;
    const entry = entryAt(provinces, i, where);
    const numericId = wholeNumber(entry, 'numericId', where, FIRST_PROVINCE_ID);
    ids(numericId, where);
    if (text(entry, 'id', where) !== String(numericId)) {
      throw new RecordsError(`${where}.id is not ${numericId}, its numericId as text`);
    }
    codes(checkCode(entry, where, PROVINCE_CODE), where);
    if (!looksLikeRegionId(text(entry, 'regionId', where))) {
      throw new RecordsError(`${where}.regionId is not a region's string id (like region-ncr)`);
    }
    checkName(entry, where);
    checkCreatedAt(entry, where);
    checkMembers(entry, where, members);
  }
}

/** The records if every entry keeps the rules; otherwise a RecordsError saying which entry and why. */
export function checkRecords(value: unknown): CreatedRecords {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RecordsError('the stored records are not an object');
  }
  const records = value as Entry;
  if (records.version !== 1) throw new RecordsError('version is not 1');
  if (!Array.isArray(records.regions)) throw new RecordsError('regions is not an array');
  if (!Array.isArray(records.provinces)) throw new RecordsError('provinces is not an array');
  checkRegions(records.regions);
  checkProvinces(records.provinces);
  return records as unknown as CreatedRecords;
}
