/**
 * The changes to created provinces, as src/service/reorganize/region-records.ts does the regions': checked,
 * drawn, stored with their audit entry, then shown, one at a time in the writes' queue.
 */
import type { ProvinceEntity, RegionEntity } from '../dataset.ts';
import { notFound, ServiceError } from '../errors.ts';
import type { Places } from '../places.ts';
import { type Actor, type CreatedProvince, DuplicateRecord, MemberTaken, type NewProvince } from '../store.ts';
import { provinceAdded, provinceDropped, provinceReplaced, type Writes } from '../writes.ts';
import { builtIn, provinceCodeTaken, provinceNameTaken, refuseProvinceClash } from './clashes.ts';
import { drawProvinceChange, proposedProvince } from './drawing.ts';
import { checkProvinceMembers, type MemberGroup, memberConflict } from './members.ts';
import { notDeleted, restoreConflict } from './region-records.ts';

/** Every check a new province meets: its code and name, and its towns free and of its region. */
export function checkNewProvince(
  places: Places,
  province: NewProvince,
  region: RegionEntity,
  groups: MemberGroup[] | undefined,
) {
  refuseProvinceClash(places, province.code, province.name, region);
  if (groups) checkProvinceMembers(places, groups, region);
}

/** A new province stored, its outlines drawn first as a region's are (region-records.ts). */
export async function addProvince(
  writes: Writes,
  province: NewProvince,
  region: RegionEntity,
  groups: MemberGroup[] | undefined,
  actor?: Actor,
): Promise<CreatedProvince> {
  const draw = () =>
    drawProvinceChange(writes.placesWith({ province: proposedProvince(province) }), 'preview', province.members ?? []);
  if (groups) {
    checkNewProvince(writes.places(), province, region, groups);
    await draw();
  }
  return writes
    .change(
      async () => {
        checkNewProvince(writes.places(), province, region, groups);
        if (groups) await draw();
      },
      () => writes.store.addProvince(province, actor),
      provinceAdded,
    )
    .catch((error: unknown) => {
      if (error instanceof MemberTaken && groups) throw memberConflict(error, groups);
      if (!(error instanceof DuplicateRecord)) throw error;
      throw error.field === 'code' ? provinceCodeTaken(province.code) : provinceNameTaken(region.name, province.name);
    });
}

/** A created province by its id, PSGC code or short code, or 404; 403 for one of the code list. */
export function createdProvince(places: Places, id: string): ProvinceEntity {
  const province = places.province(id);
  if (!province) throw notFound('province', id);
  if (!province.createdAt) throw builtIn('a province', province.name);
  return province;
}

/** A created province undone: its towns go back to the provinces they came from. */
export async function removeProvince(writes: Writes, province: ProvinceEntity, actor?: Actor) {
  await writes.change(
    () => undefined,
    async () => {
      if (!(await writes.store.removeProvince(province.numericId, actor))) throw notFound('province', province.id);
    },
    provinceDropped(province.numericId),
  );
}

/** A created province renamed or recoded, in the region it was made in. */
export async function renameProvince(
  writes: Writes,
  province: ProvinceEntity,
  change: { name: string; code: string },
  actor?: Actor,
): Promise<CreatedProvince> {
  const { name, code } = change;
  const region = writes.places().region(province.regionCode);
  const owner = { stringId: region?.stringId ?? province.regionCode, name: region?.name ?? 'Its region' };
  return writes
    .change(
      () => refuseProvinceClash(writes.places(), code, name, owner, province.id),
      async () => {
        const updated = await writes.store.updateProvince(province.numericId, { name, code }, actor);
        if (!updated) throw notFound('province', province.id);
        return updated;
      },
      provinceReplaced,
    )
    .catch((error: unknown) => {
      if (!(error instanceof DuplicateRecord)) throw error;
      throw error.field === 'code' ? provinceCodeTaken(code) : provinceNameTaken(owner.name, name);
    });
}

/** A deleted province put back under its id, into its region, which must still be there. */
export function restoreProvince(writes: Writes, province: CreatedProvince, actor: Actor) {
  return writes
    .change(
      async () => {
        const places = writes.places();
        if (places.provinces.some((p) => p.createdAt && p.numericId === province.numericId)) {
          throw notDeleted('province', province.name);
        }
        const region = places.region(province.regionId);
        if (!region) {
          throw new ServiceError(409, 'region_gone', `Its region ${province.regionId} is gone: restore it first`, {
            region_id: province.regionId,
          });
        }
        refuseProvinceClash(places, province.code, province.name, region);
        const taken = (province.members ?? []).filter((m) => places.movedTowns.has(m));
        if (taken.length) throw new MemberTaken('province', taken);
        if (province.members?.length) {
          await drawProvinceChange(writes.placesWith({ province }), province.id, province.members);
        }
      },
      () => writes.store.restoreProvince(province, actor),
      provinceAdded,
    )
    .catch((error: unknown) => {
      throw restoreConflict(error, 'province', province);
    });
}
