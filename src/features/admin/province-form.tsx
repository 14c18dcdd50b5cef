import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { regionShortCode } from '../../contract/region-shape.ts';
import { PROVINCE_CODE } from '../../contract/rules.ts';
import type { Province } from '../../contract/types.ts';
import type { ShowTarget } from './created-records.tsx';
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

/**
 * A new province: a name, a code, its region, and optionally the cities and municipalities it is made of. Before
 * anything is created, the form says what it will be (what moves out of which province, or that it is empty) and
 * waits for an explicit choice: Enter in a field, or the Create button, never creates at once. One made of towns is
 * then opened in the explorer, as a region made of provinces is.
 */
export function ProvinceForm({ onShow }: { onShow?: (target: ShowTarget) => void }) {
  const [draft, setDraft, clear] = useDraft('province', EMPTY);
  const [{ picked }, setTowns, clearTowns] = useDraft('province-members', NO_TOWNS);
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const codes = useQuery({ ...provinceQueries.list(), select: codesOf });
  const namesInRegion = useQuery({ ...provinceQueries.byRegion(draft.regionId || undefined), select: namesOf });
  const form = useSubmit('province', useProvinceCreation(), WIRE);
  /** A province is created only once the person has read what it will be. */
  const [checking, setChecking] = useState(false);
  const change = (field: keyof ProvinceDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    form.edited(field);
    setChecking(false);
  };
  const regionName = (id: string) => regions.data?.byId.get(id)?.name;
  const save = (confirmed: boolean) => {
    const known = { codes: codes.data ?? [], namesInRegion: namesInRegion.data ?? [] };
    const problems = validateProvince(draft, known);
    if (!confirmed && !Object.keys(problems).length) {
      setChecking(true);
      return;
    }
    setChecking(false);
    const body = { ...provinceBody(draft), ...(picked.length && { municity_ids: picked.map((t) => t.id) }) };
    form.submit(problems, body, (created) => {
      clear();
      clearTowns();
      // Keep the region chosen for the next province of the same region.
      setDraft({ ...EMPTY, regionId: draft.regionId });
      const region = regions.data?.byId.get(created.region_id);
      if (body.municity_ids && region && onShow) onShow({ region: String(region.id), province: created.id });
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
                {/* The code beside the name: two regions' names can read alike. */}
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
          setChecking(false);
        }}
        error={form.errors.members}
      />
      {checking && (
        <ProvinceCheck
          sentence={checkSentence(draft, regionName(draft.regionId) ?? 'the region chosen', picked)}
          empty={!picked.length}
          onCreate={() => save(true)}
          onBack={() => setChecking(false)}
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

/** What the province will be: a new one of its region, empty or made of towns that move out of their provinces. */
function checkSentence(draft: ProvinceDraft, region: string, towns: PickedTown[]): string {
  const what = `${draft.name.trim()} (${draft.code.trim()}) will be a new province of ${region}`;
  if (!towns.length) return `${what} with no cities or municipalities: none moves into it.`;
  const from = [...new Set(towns.map((t) => t.province))];
  const names = towns.map((t) => t.name).join(', ');
  const count = towns.length === 1 ? '1 city or municipality' : `${towns.length} cities and municipalities`;
  return `${what}, made of ${count}: ${names} ${towns.length === 1 ? 'moves' : 'move'} out of ${from.join(', ')}.`;
}

/** What the province will be, and the explicit choice to create it as that, or go back. */
function ProvinceCheck({
  sentence,
  empty,
  onCreate,
  onBack,
}: {
  sentence: string;
  empty: boolean;
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
          {empty ? 'Create the empty province' : 'Create the province'}
        </button>
        <button type="button" className="link" onClick={onBack}>
          {empty ? 'Go back and choose towns' : 'Go back'}
        </button>
      </div>
    </fieldset>
  );
}
