import { ApiError } from '../../api/client.ts';
import { type CodeRule, NAME_MAX, PROVINCE_CODE, REGION_CODE } from '../../contract/rules.ts';

/**
 * The admin forms' rules, checked before anything is sent. They mirror the service's (README, "Creation") so
 * most mistakes are caught at once; the service stays the judge, and its answer is mapped back onto the fields.
 */
export interface RegionDraft {
  name: string;
  code: string;
}

export interface ProvinceDraft {
  name: string;
  code: string;
  /** The chosen region's id as the region list gives it; empty until one is chosen. */
  regionId: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Names compare as the service compares them: case and accents aside. */
const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'en', { sensitivity: 'base' }) === 0;
const normalCode = (code: string) => code.trim().toUpperCase();

function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed.length > NAME_MAX) return `A name is at most ${NAME_MAX} characters (this one has ${trimmed.length}).`;
  return undefined;
}

function codeError(code: string, rule: CodeRule): string | undefined {
  const normal = normalCode(code);
  if (!normal) return 'Enter a short code.';
  if (!rule.pattern.test(normal)) return `Use ${rule.words}.`;
  return undefined;
}

const compact = <F extends string>(errors: FieldErrors<F>): FieldErrors<F> =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<F>;

/** `known`: the short codes and names of the regions the client has listed. */
export function validateRegion(
  draft: RegionDraft,
  known: { codes: string[]; names?: string[] },
): FieldErrors<keyof RegionDraft> {
  const name =
    nameError(draft.name) ??
    (known.names?.some((n) => sameName(n, draft.name))
      ? `A region named ${draft.name.trim()} already exists.`
      : undefined);
  const code =
    codeError(draft.code, REGION_CODE) ??
    (known.codes.some((c) => normalCode(c) === normalCode(draft.code))
      ? `A region with code ${normalCode(draft.code)} already exists.`
      : undefined);
  return compact({ name, code });
}

/**
 * `known.codes`: every province's short code; `known.namesInRegion`: the names of the provinces the chosen
 * region already has.
 */
export function validateProvince(
  draft: ProvinceDraft,
  known: { codes: string[]; namesInRegion: string[] },
): FieldErrors<keyof ProvinceDraft> {
  const name =
    nameError(draft.name) ??
    (known.namesInRegion.some((n) => sameName(n, draft.name))
      ? `This region already has a province named ${draft.name.trim()}.`
      : undefined);
  const code =
    codeError(draft.code, PROVINCE_CODE) ??
    (known.codes.some((c) => normalCode(c) === normalCode(draft.code))
      ? `A province with code ${normalCode(draft.code)} already exists.`
      : undefined);
  return compact({ name, code, regionId: draft.regionId ? undefined : 'Choose the region it belongs to.' });
}

/** What the form shows for a failed request: errors on fields, one for the whole form, and whether the key was refused. */
export interface Failure<F extends string> {
  fields: FieldErrors<F>;
  form?: string;
  unauthorized: boolean;
  /** The key sent may read but not change the map (403 forbidden): an admin key is asked for. */
  needsAdminKey?: boolean;
}

/**
 * Maps the service's answer onto the form: a 400 names its field in `details.param`, a 409 in
 * `details.field`; `wire` translates wire names to form fields (region_id → regionId).
 */
export function failureOf<F extends string>(error: unknown, wire: Record<string, F>): Failure<F> {
  if (!(error instanceof ApiError)) return { fields: {}, form: `Not saved: ${String(error)}`, unauthorized: false };
  if (error.status === 401) {
    return {
      fields: {},
      form: 'Not saved: the service refused the API key. Enter a valid key, then try again.',
      unauthorized: true,
    };
  }
  if (error.status === 403 && error.code === 'forbidden' && error.details?.needs === 'admin') {
    return {
      fields: {},
      form: 'Not saved: the key in use is a read key, which cannot change the map. Enter an admin key, then try again.',
      unauthorized: false,
      needsAdminKey: true,
    };
  }
  const name = error.details?.param ?? error.details?.field;
  const field = typeof name === 'string' ? wire[name] : undefined;
  if (field && (error.status === 400 || error.status === 409))
    return { fields: { [field]: error.message } as FieldErrors<F>, unauthorized: false };
  if (error.status === 0)
    return { fields: {}, form: 'Not saved: the service could not be reached. Try again.', unauthorized: false };
  return { fields: {}, form: `Not saved: ${error.message}`, unauthorized: false };
}

export const regionBody = (draft: RegionDraft) => ({ name: draft.name.trim(), code: normalCode(draft.code) });
export const provinceBody = (draft: ProvinceDraft) => ({
  name: draft.name.trim(),
  code: normalCode(draft.code),
  region_id: draft.regionId,
});
