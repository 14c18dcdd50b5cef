/**
 * Reorganizing the map: a created region made of provinces and independent cities, a created province
 * made of cities and municipalities, what they take from their former parents, and undoing or renaming them.
 * The rules, in docs/api-decisions.md ("Reorganizations"):
 * - a place moves into one created unit at a time (another admin's move first: 409 naming it; undo it to move
 *   the place again), and only a place of the code list moves;
 * - a province whose towns were lent to a created province does not move into a region (409), since those towns
 *   would be left in a region their province left;
 * - a created province takes towns of its own region only;
 * - a created region that holds created provinces is undone after them (409).
 */

import type { RegionEntity } from '../dataset.ts';
import { badParam, ServiceError } from '../errors.ts';
import { shown } from '../params.ts';
import type { Places } from '../places.ts';
import type { MemberTaken } from '../store.ts';

/** The most members one create takes (a region of every province of the country is 118). */
export const MAX_MEMBERS = 200;

/** A member as answers name it. */
export interface MemberRef {
  id: string;
  code: string;
  name: string;
  kind: 'province' | 'city' | 'municipality';
}

function idList(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badParam(field, `${field} must be an array of ids`);
  if (value.length < 1) throw badParam(field, `${field} must not be empty: leave it out to create a unit from nothing`);
  if (value.length > MAX_MEMBERS) throw badParam(field, `${field} must hold at most ${MAX_MEMBERS} ids`);
  return value.map((v) => {
    if ((typeof v !== 'string' || !v.trim()) && !(typeof v === 'number' && Number.isSafeInteger(v))) {
      throw badParam(field, `each of ${field} must be an id (a string or a whole number)`, { value: shown(v, 40) });
    }
    return String(v).trim();
  });
}

/** A region's members: each id a province of the code list or an independent city, as its areas. */
export function regionMembers(places: Places, body: Record<string, unknown>) {
  const ids = idList(body, 'province_ids');
  if (!ids) return undefined;
  const groups: MemberGroup[] = [];
  const seen = new Map<string, string>();
  for (const id of ids) {
    const province = places.province(id);
    if (province && !province.createdAt) {
      const own = places.ownAreas(province);
      if (!own.length)
        throw badParam('province_ids', `${province.name} has no place of its own to move`, { value: id });
      once(seen, own[0], id);
      const ref: MemberRef = {
        id: province.id,
        code: province.psgc ?? province.shortCode,
        name: province.name,
        kind: 'province',
      };
      groups.push({ ref, areas: own });
      continue;
    }
    if (province) {
      throw badParam('province_ids', `${province.name} is a created province: it stays in the region it was made in`, {
        value: id,
      });
    }
    const town = places.townOf(id);
    if (!town?.independent) {
      throw badParam('province_ids', `No province or independent city with id "${shown(id, 40)}"`, { value: id });
    }
    once(seen, town.area, id);
    groups.push({
      ref: { id: String(town.numericId), code: town.unit.code, name: town.unit.name, kind: 'city' },
      areas: [town.area],
    });
  }
  return { groups, areas: groups.flatMap((g) => g.areas) };
}

/** A province's members: cities and municipalities by id or PSGC code. */
export function provinceMembers(places: Places, body: Record<string, unknown>) {
  const ids = idList(body, 'municity_ids');
  if (!ids) return undefined;
  const groups: MemberGroup[] = [];
  const seen = new Map<string, string>();
  for (const id of ids) {
    const town = places.townOf(id);
    if (!town) throw badParam('municity_ids', `No city or municipality with id "${shown(id, 40)}"`, { value: id });
    once(seen, town.unit.code, id, 'municity_ids');
    const kind = town.unit.level === 'City' ? 'city' : 'municipality';
    groups.push({
      ref: { id: String(town.numericId), code: town.unit.code, name: town.unit.name, kind },
      areas: [town.unit.code],
    });
  }
  return { groups, towns: groups.flatMap((g) => g.areas) };
}

function once(seen: Map<string, string>, key: string, id: string, field = 'province_ids') {
  const first = seen.get(key);
  if (first !== undefined) {
    throw badParam(field, `${field} names one place twice ("${shown(first, 40)}" and "${shown(id, 40)}")`, {
      value: id,
    });
  }
  seen.set(key, id);
}

/**
 * 409 when a member was moved already, or is a province that lent towns to a created province; checked again
 * inside the queue of changes, just before the store keeps the move.
 */
export function checkRegionMembersFree(places: Places, groups: MemberGroup[]) {
  const moved = groups.filter((g) => g.areas.some((a) => places.movedAreas.has(a)));
  if (moved.length) {
    const owners = moved.map((g) => {
      const owner = places.movedAreas.get(g.areas.find((a) => places.movedAreas.has(a))!);
      return places.region(owner ?? '')?.name ?? 'a created region';
    });
    throw movedAlready(
      moved.map((g) => g.ref),
      owners,
    );
  }
  const lenders = groups.filter(
    (g) => g.ref.kind === 'province' && g.areas.some((a) => places.lentTowns(a).length > 0),
  );
  if (lenders.length) {
    const refs = lenders.map((g) => g.ref);
    throw new ServiceError(
      409,
      'member_lent',
      `${names(refs)} lent towns to a created province; undo that province first`,
      {
        members: refs,
      },
    );
  }
}

export interface MemberGroup {
  ref: MemberRef;
  areas: string[];
}

function movedAlready(members: MemberRef[], owners: string[]) {
  const where = [...new Set(owners)].join(' and ');
  return new ServiceError(409, 'member_moved', `${names(members)} moved into ${where} already`, {
    members: members.map((m, i) => ({ ...m, now_in: owners[i] })),
  });
}

const names = (members: MemberRef[]) => {
  const list = members.map((m) => m.name);
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

/** 409 when a town is in a created province already; 400 when it is not in the province's region. */
export function checkProvinceMembers(places: Places, groups: MemberGroup[], region: RegionEntity) {
  const towns = groups.map((g) => g.ref.code);
  const refs = groups.map((g) => g.ref);
  const taken = refs.filter((_, i) => places.movedTowns.has(towns[i]));
  if (taken.length) {
    const owners = taken.map((m) => {
      const id = places.movedTowns.get(m.code);
      return places.province(id ?? '')?.name ?? 'a created province';
    });
    throw movedAlready(taken, owners);
  }
  const elsewhere = refs.filter((_, i) => {
    const town = places.town(towns[i])!;
    return places.regionOfTown(town)?.stringId !== region.stringId;
  });
  if (elsewhere.length) {
    throw badParam('municity_ids', `${names(elsewhere)} ${elsewhere.length > 1 ? 'are' : 'is'} not in ${region.name}`, {
      members: elsewhere,
    });
  }
}

/** A store's refusal of taken members as the 409 the checks give. */
export function memberConflict(error: MemberTaken, groups: MemberGroup[]) {
  const taken = new Set(error.codes);
  const members = groups.filter((g) => g.areas.some((a) => taken.has(a))).map((g) => g.ref);
  return movedAlready(
    members,
    members.map(() => `another created ${error.kind}`),
  );
}

/** A PATCH does not change members: a unit is undone and made again with the members wanted. */
export function refuseMembers(input: Record<string, unknown>, field: string) {
  if (input[field] !== undefined) {
    throw badParam(field, `${field} cannot be changed: undo the unit and create it again with the members you want`);
  }
}
