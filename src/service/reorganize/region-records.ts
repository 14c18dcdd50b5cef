/**
 * The changes to created regions, each one at a time in the writes' queue (src/service/writes.ts): checked against
 * the snapshot shown, drawn, stored (with its audit entry, in the store's own transaction), then shown. The
 * endpoints (src/service/endpoints/regions.ts, audit.ts) parse the request and shape the answer around these.
 */
import { type RegionEntity, regionStringId } from '../dataset.ts';
import { notFound, ServiceError } from '../errors.ts';
import type { Places } from '../places.ts';
import { type Actor, type CreatedRegion, DuplicateRecord, MemberTaken, type NewRegion } from '../store.ts';
import { regionAdded, regionDropped, regionReplaced, type Writes } from '../writes.ts';
import { builtIn, refuseRegionClash, regionCodeTaken } from './clashes.ts';
import { drawRegionChange, proposedRegion } from './drawing.ts';
import { checkRegionMembersFree, type MemberGroup, memberConflict } from './members.ts';

/** Every check a new region meets: its code and name, and its members still free. */
export function checkNewRegion(places: Places, region: NewRegion, groups: MemberGroup[] | undefined) {
  refuseRegionClash(places, region.code, region.name);
  if (groups) checkRegionMembersFree(places, groups);
}

/**
 * A new region stored. Its outlines are drawn at every detail before it is stored: outside the queue first (up
 * to 2 s), which then only finds them kept, unless another change came in meanwhile and they are drawn again on
 * the records as they are then.
 */
export async function addRegion(
  writes: Writes,
  region: NewRegion,
  groups: MemberGroup[] | undefined,
  actor?: Actor,
): Promise<CreatedRegion> {
  const draw = () =>
    drawRegionChange(writes.placesWith({ region: proposedRegion(region) }), region.stringId, region.members ?? []);
  if (groups) {
    checkNewRegion(writes.places(), region, groups);
    await draw();
  }
  return writes
    .change(
      async () => {
        checkNewRegion(writes.places(), region, groups);
        if (groups) await draw();
      },
      () => writes.store.addRegion(region, actor),
      regionAdded,
    )
    .catch((error: unknown) => {
      if (error instanceof MemberTaken && groups) throw memberConflict(error, groups);
      throw error instanceof DuplicateRecord ? regionCodeTaken(region.code) : error;
    });
}

/** A created region by any of its ids, or 404; 403 for one of the code list. */
export function createdRegion(places: Places, id: string): RegionEntity {
  const region = places.region(id);
  if (!region) throw notFound('region', id);
  if (region.psgc || !region.createdAt) throw builtIn('a region', region.name);
  return region;
}

/** A created region undone: its members go back where they were. 409 while it holds created provinces. */
export async function removeRegion(writes: Writes, region: RegionEntity, actor?: Actor) {
  await writes.change(
    () => {
      const held = writes.places().provinces.filter((p) => p.createdAt && p.regionCode === region.stringId);
      if (held.length) {
        throw new ServiceError(
          409,
          'has_created_provinces',
          `${region.name} holds created provinces (${held.map((p) => p.name).join(', ')}); undo them first`,
          { provinces: held.map((p) => ({ id: p.id, name: p.name })) },
        );
      }
    },
    async () => {
      if (!(await writes.store.removeRegion(region.numericId, actor))) throw notFound('region', region.stringId);
    },
    regionDropped(region.numericId),
  );
}

/** A created region renamed or recoded; its provinces follow its new string id. */
export async function renameRegion(
  writes: Writes,
  region: RegionEntity,
  change: { name: string; code: string },
  actor?: Actor,
): Promise<CreatedRegion> {
  const { name, code } = change;
  const stringId = regionStringId(code);
  return writes
    .change(
      () => refuseRegionClash(writes.places(), code, name, region.stringId),
      async () => {
        const updated = await writes.store.updateRegion(region.numericId, { name, code, stringId }, actor);
        if (!updated) throw notFound('region', region.stringId);
        return updated;
      },
      regionReplaced(region.stringId),
    )
    .catch((error: unknown) => {
      throw error instanceof DuplicateRecord ? regionCodeTaken(code) : error;
    });
}

/** A deleted region put back as its last audit entry left it, under its own id. */
export function restoreRegion(writes: Writes, region: CreatedRegion, actor: Actor): Promise<CreatedRegion> {
  return writes
    .change(
      async () => {
        const places = writes.places();
        if (places.regions.some((r) => r.createdAt && r.numericId === region.numericId)) {
          throw notDeleted('region', region.name);
        }
        refuseRegionClash(places, region.code, region.name);
        const taken = (region.members ?? []).filter((m) => places.movedAreas.has(m));
        if (taken.length) throw new MemberTaken('region', taken);
        if (region.members?.length)
          await drawRegionChange(writes.placesWith({ region }), region.stringId, region.members);
      },
      () => writes.store.restoreRegion(region, actor),
      regionAdded,
    )
    .catch((error: unknown) => {
      throw restoreConflict(error, 'region', region);
    });
}

export const notDeleted = (kind: string, name: string) =>
  new ServiceError(409, 'not_deleted', `The ${kind} ${name} is there: only a deleted one can be restored`);

/** The conflicts a restore can meet, as the create's own: a code or a name taken since, a member moved since. */
export function restoreConflict(error: unknown, kind: 'region' | 'province', unit: { code: string }) {
  if (error instanceof DuplicateRecord) {
    return new ServiceError(409, 'duplicate', `A ${kind} with this ${error.field} exists now: ${unit.code}`, {
      field: error.field,
    });
  }
  if (error instanceof MemberTaken) {
    return new ServiceError(409, 'member_moved', `Some of its members moved into another ${kind} since`, {
      members: error.codes,
    });
  }
  return error;
}
