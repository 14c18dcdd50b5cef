import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { previewRegion, type RegionPreview, regionQueries, regionShortCode } from '../../api/regions.ts';
import { REGION_CODE } from '../../contract/rules.ts';
import type { RegionNumeric } from '../../contract/types.ts';
import { pickingChanged } from '../../state/ui-store.ts';
import type { ShowTarget } from './created-records.tsx';
import { NameAndCode } from './field.tsx';
import { failureOf, type RegionDraft, regionBody, validateRegion } from './form.ts';
import { useAdminMap } from './map-store.ts';
import { MemberPicker } from './member-picker.tsx';
import { movesSentence, type Pickable } from './members.ts';
import { type SaveStep, useRegionCreation, useReorganization } from './mutations.ts';
import { previewCollection } from './preview.ts';
import { useDraft } from './use-draft.ts';
import { useSubmit } from './use-submit.ts';

const EMPTY: RegionDraft = { name: '', code: '' };
const NO_MEMBERS: { picked: Pickable[] } = { picked: [] };
const WIRE = { name: 'name', code: 'code', province_ids: 'members' } as const;

/**
 * A new region: a name and a code, and optionally the provinces and independent cities it is made of (issue 18),
 * chosen from a list or on the map. With members, a preview draws it and the regions it takes them from, a
 * sentence says what moves where, saving shows its steps, and the explorer then opens the new region.
 */
export function RegionForm({ onShow }: { onShow?: (target: ShowTarget) => void }) {
  const [draft, setDraft, clear] = useDraft('region', EMPTY);
  const [{ picked }, setMembers, clearMembers] = useDraft('region-members', NO_MEMBERS);
  const regions = useQuery(regionQueries.list());
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SaveStep | null>(null);
  const [preview, setPreview] = useState<{ for: string; data: RegionPreview } | null>(null);
  const [previewError, setPreviewError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const plain = useSubmit('region', useRegionCreation(), WIRE);
  const moving = useSubmit('region', useReorganization(setStep), WIRE);
  const form = picked.length ? moving : plain;
  const body = { ...regionBody(draft), ...(picked.length && { province_ids: picked.map((p) => p.id) }) };
  const bodyKey = JSON.stringify(body);
  const shown = preview?.for === bodyKey ? preview.data : null;
  const change = (field: keyof RegionDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    form.edited(field);
  };
  // The preview is drawn on the map while it matches the form; gone when the form changes or closes.
  useEffect(() => {
    useAdminMap.setState({
      preview: shown ? { key: `preview:${bodyKey}`, collection: previewCollection(shown) } : null,
    });
  }, [shown, bodyKey]);
  useEffect(() => () => useAdminMap.setState({ preview: null }), []);
  const known = () => ({
    codes: regions.data?.data.map(regionShortCode) ?? [],
    names: regions.data?.data.map((r) => r.name) ?? [],
  });

  const showPreview = async () => {
    setPreviewError(undefined);
    const problems = validateRegion(draft, known());
    if (Object.keys(problems).length) {
      moving.submit(problems, body, () => undefined);
      return;
    }
    setPreviewing(true);
    try {
      setPreview({ for: bodyKey, data: await previewRegion(body, 'simple') });
    } catch (error) {
      setPreviewError(failureOf(error, WIRE).form ?? (error as Error).message);
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <form
      className="admin-form"
      aria-labelledby="region-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit(validateRegion(draft, known()), body, async (created) => {
          clear();
          clearMembers();
          setPreview(null);
          setStep(null);
          pickingChanged(false);
          if (!picked.length || !onShow) return;
          // Opened in the explorer once the region list, read again, holds it.
          const list = await queryClient.fetchQuery(regionQueries.list());
          const region = (list.data as RegionNumeric[]).find((r) => r.string_id === created.id);
          if (region) onShow({ region: String(region.id) });
        });
      }}
    >
      <h3 id="region-form-title">New region</h3>
      <NameAndCode form="region" draft={draft} errors={form.errors} change={change} codeHint={REGION_CODE.words} />
      <MemberPicker
        picked={picked}
        onChange={(next) => {
          setMembers({ picked: next });
          form.edited('members');
        }}
        error={form.errors.members}
      />
      {picked.length > 0 && (
        <div className="preview-row">
          <button type="button" onClick={showPreview} aria-busy={previewing} disabled={previewing}>
            {previewing ? 'Drawing the preview…' : 'Preview'}
          </button>
          {previewError && (
            <p className="form-error" role="alert">
              {previewError}
            </p>
          )}
          {shown && (
            <p className="preview-summary" role="status">
              {movesSentence(shown.moves)}.
            </p>
          )}
        </div>
      )}
      {step && form.pending && (
        <div className="save-progress" role="status" aria-label="Saving the region">
          <progress value={step.done} max={step.of} />
          <span>
            {step.label}… ({step.done + 1} of {step.of})
          </span>
        </div>
      )}
      <SubmitRow pending={form.pending} label="Create region" error={form.formError}>
        {form.created && (
          <>
            Created region {form.created.name} ({form.created.code}).
          </>
        )}
      </SubmitRow>
    </form>
  );
}

/** The submit button, the form-wide error and the success message, the same in both forms. */
export function SubmitRow({
  pending,
  label,
  error,
  children,
}: {
  pending: boolean;
  label: string;
  error?: string;
  children?: React.ReactNode;
}) {
  return (
    <>
      <button type="submit" aria-disabled={pending} aria-busy={pending}>
        {pending ? 'Creating…' : label}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="form-done" role="status">
        {children}
      </p>
    </>
  );
}
