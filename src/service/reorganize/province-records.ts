/**
 * The changes to created provinces, as src/service/reorganize/region-records.ts does the regions': checked,
 * drawn, stored with their audit entry, then shown, one at a time.
 */
import type { ServiceContext } from '../context.ts';
import type { ProvinceEntity, RegionEntity } from '../dataset.ts';
import { notFound, ServiceError } from '../errors.ts';
import { type Actor, type CreatedProvince, DuplicateRecord, MemberTaken, type NewProvince } from '../store.ts';
import { builtIn, provinceCodeTaken, provinceNameTaken, refuseProvinceClash } from './clashes.ts';
import { drawProvinceChange, recordsWith } from './drawing.ts';
import { checkProvinceMembers, type MemberGroup, memberConflict } from './members.ts';
import { notDeleted, restoreConflict } from './region-records.ts';

/** Every check a new province meets: its code and name, and its towns free and of its region. */
export function checkNewProvince(
  ctx: ServiceContext,
  province: NewProvince,
  region: RegionEntity,
  groups: MemberGroup[] | undefined,
) {
  refuseProvinceClash(ctx, province.code, province.name, region);
  if (groups) checkProvinceMembers(ctx, groups, region);
}

/** A new province stored, its outlines drawn first as a region's are (region-records.ts). */
export async function addProvince(
  ctx: ServiceContext,
  province: NewProvince,
  region: RegionEntity,
  groups: MemberGroup[] | undefined,
  actor?: Actor,
): Promise<CreatedProvince> {
  const draw = () => drawProvinceChange(ctx, recordsWith(ctx, { province }), 'preview', province.members ?? []);
  if (groups) {
    checkNewProvince(ctx, province, region, groups);
    await draw();
  }
  return ctx
    .change(
      async () => {
        checkNewProvince(ctx, province, region, groups);
        if (groups) await draw();
      },
      () => ctx.store.addProvince(province, actor),
      (created) => ctx.records.provinces.push(created),
    )
    .catch((error: unknown) => {
      if (error instanceof MemberTaken && groups) throw memberConflict(error, groups);
      if (!(error instanceof DuplicateRecord)) throw error;
      throw error.field === 'code' ? provinceCodeTaken(province.code) : provinceNameTaken(region.name, province.name);
    });
}

/** A created province by its id, PSGC code or short code, or 404; 403 for one of the code list. */
export function createdProvince(ctx: ServiceContext, id: string): ProvinceEntity {
  const province = ctx.places().province(id);
  if (!province) throw notFound('province', id);
  if (!province.createdAt) throw builtIn('a province', province.name);
  return province;
}

/** A created province undone: its towns go back to the provinces they came from. */
export async function removeProvince(ctx: ServiceContext, province: ProvinceEntity, actor?: Actor) {
  await ctx.change(
    () => undefined,
    async () => {
      if (!(await ctx.store.removeProvince(province.numericId, actor))) throw notFound('province', province.id);
    },
    () => {
      ctx.records.provinces = ctx.records.provinces.filter((p) => p.numericId !== province.numericId);
    },
  );
}

/** A created province renamed or recoded, in the region it was made in. */
export async function renameProvince(
  ctx: ServiceContext,
  province: ProvinceEntity,
  change: { name: string; code: string },
  actor?: Actor,
): Promise<CreatedProvince> {
  const { name, code } = change;
  const region = ctx.places().region(province.regionCode);
  const owner = { stringId: region?.stringId ?? province.regionCode, name: region?.name ?? 'Its region' };
  return ctx
    .change(
      () => refuseProvinceClash(ctx, code, name, owner, province.id),
      async () => {
        const updated = await ctx.store.updateProvince(province.numericId, { name, code }, actor);
        if (!updated) throw notFound('province', province.id);
        return updated;
      },
      (updated) => {
        ctx.records.provinces = ctx.records.provinces.map((p) => (p.numericId === updated.numericId ? updated : p));
      },
    )
    .catch((error: unknown) => {
      if (!(error instanceof DuplicateRecord)) throw error;
      throw error.field === 'code' ? provinceCodeTaken(code) : provinceNameTaken(owner.name, name);
    });
}

/** A deleted province put back under its id, into its region, which must still be there. */
export function restoreProvince(ctx: ServiceContext, province: CreatedProvince, actor: Actor) {
  const withIt = { version: 1 as const, regions: ctx.records.regions, provinces: [...ctx.records.provinces, province] };
  return ctx
    .change(
      async () => {
        if (ctx.records.provinces.some((p) => p.numericId === province.numericId)) {
          throw notDeleted('province', province.name);
        }
        const region = ctx.places().region(province.regionId);
        if (!region) {
          throw new ServiceError(409, 'region_gone', `Its region ${province.regionId} is gone: restore it first`, {
            region_id: province.regionId,
          });
        }
        refuseProvinceClash(ctx, province.code, province.name, region);
        const held = new Set(ctx.records.provinces.flatMap((p) => p.members ?? []));
        const taken = (province.members ?? []).filter((m) => held.has(m));
        if (taken.length) throw new MemberTaken('province', taken);
        if (province.members?.length) await drawProvinceChange(ctx, withIt, province.id, province.members);
      },
      () => ctx.store.restoreProvince(province, actor),
      (restored) => ctx.records.provinces.push(restored),
    )
    .catch((error: unknown) => {
      throw restoreConflict(error, 'province', province);
    });
}
