import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { regionShortCode } from '../../contract/region-shape.ts';
import { PROVINCE_CODE } from '../../contract/rules.ts';
import type { Province } from '../../contract/types.ts';
import { Field, NameAndCode } from './field.tsx';
import { type ProvinceDraft, provinceBody, validateProvince } from './form.ts';
import { useProvinceCreation } from './mutations.ts';
import { SubmitRow } from './region-form.tsx';
import { type PickedTown, TownPicker } from './town-picker.tsx';
import { useDraft } from './use-draft.ts';
import { useSubmit } from './use-submit.ts';

const EMPTY: ProvinceDraft = { name: '', code: '', regionId: '' };
const WIRE = { name: 'name', code: 'code', region_id: 'regionId', municity_ids: 'members' } as const;
const NO_TOWNS: { picked: PickedTown[] } = { picked: [] };
// `select`s defined once: what the form checks a draft against, shaped when an answer changes.
const codesOf = (page: { data: Province[] }) => page.data.map((p) => p.code);
const namesOf = (page: { data: Province[] }) => page.data.map((p) => p.name);

export function ProvinceForm() {
  const [draft, setDraft, clear] = useDraft('province', EMPTY);
  const [{ picked }, setTowns, clearTowns] = useDraft('province-members', NO_TOWNS);
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const codes = useQuery({ ...provinceQueries.list(), select: codesOf });
  const namesInRegion = useQuery({ ...provinceQueries.byRegion(draft.regionId || undefined), select: namesOf });
  const form = useSubmit('province', useProvinceCreation(), WIRE);
  /** A province with no towns is created only once the person has read what it will be (issue 35). */
  const [askingEmpty, setAskingEmpty] = useState(false);
  const change = (field: keyof ProvinceDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    form.edited(field);
    setAskingEmpty(false);
  };
  const regionName = (id: string) => regions.data?.byId.get(id)?.name;
  const save = (emptyConfirmed: boolean) => {
    const known = { codes: codes.data ?? [], namesInRegion: namesInRegion.data ?? [] };
    const problems = validateProvince(draft, known);
    if (!picked.length && !emptyConfirmed && !Object.keys(problems).length) {
      setAskingEmpty(true);
      return;
    }
    setAskingEmpty(false);
    const body = { ...provinceBody(draft), ...(picked.length && { municity_ids: picked.map((t) => t.id) }) };
    form.submit(problems, body, () => {
      clear();
      clearTowns();
      // Keep the region chosen for the next province of the same region.
      setDraft({ ...EMPTY, regionId: draft.regionId });
    });
  };

  return (
    <form
      className="admin-form"
      aria-labelledby="province-form-title"
      noValidate
      onClickCapture={form.ignoreRepeatClicks}
      onSubmit={(e) => {
        e.preventDefault();
        save(false);
      }}
    >
      <h3 id="province-form-title">New province</h3>
      <NameAndCode form="province" draft={draft} errors={form.errors} change={change} codeHint={PROVINCE_CODE.words} />
      <Field
        id="province-regionId"
        label="Region"
        hint={regions.isError ? 'The regions could not be loaded.' : undefined}
        error={form.errors.regionId}
      >
        {(props) => (
          <select {...props} value={draft.regionId} onChange={(e) => change('regionId', e.target.value)}>
            <option value="">{regions.isPending ? 'Loading regions…' : 'Choose a region'}</option>
            {regions.data?.list.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {/* The code beside the name: two regions' names can read alike (issue 18). */}
                {r.name} ({regionShortCode(r)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <TownPicker
        regionId={draft.regionId}
        picked={picked}
        onChange={(next) => {
          setTowns({ picked: next });
          form.edited('members');
          setAskingEmpty(false);
        }}
        error={form.errors.members}
      />
      {askingEmpty && (
        <EmptyProvinceCheck
          sentence={`${draft.name.trim()} (${draft.code.trim()}) will be a new province of ${regionName(draft.regionId) ?? 'the region chosen'} with no cities or municipalities: none moves into it.`}
          onCreate={() => save(true)}
          onBack={() => setAskingEmpty(false)}
        />
      )}
      <SubmitRow pending={form.pending} label="Create province" error={form.formError}>
        {form.created && (
          <>
            Created province {form.created.name} ({form.created.code}) in {regionName(form.created.region_id)}.
          </>
        )}
      </SubmitRow>
    </form>
  );
}

/** What an empty province will be, and the explicit choice to create it as that, or go back and pick towns. */
function EmptyProvinceCheck({
  sentence,
  onCreate,
  onBack,
}: {
  sentence: string;
  onCreate: () => void;
  onBack: () => void;
}) {
  const create = useRef<HTMLButtonElement>(null);
  useEffect(() => create.current?.focus(), []);
  return (
    <fieldset className="empty-check">
      <legend>{sentence}</legend>
      <div className="empty-check-buttons">
        <button ref={create} type="button" onClick={onCreate}>
          Create the empty province
        </button>
        <button type="button" className="link" onClick={onBack}>
          Go back and choose towns
        </button>
      </div>
    </fieldset>
  );
}
