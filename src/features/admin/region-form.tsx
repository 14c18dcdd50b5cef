import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { regionShortCode } from '../../contract/region-shape.ts';
import { REGION_CODE } from '../../contract/rules.ts';
import { mapClicksChanged } from '../../state/ui-store.ts';
import type { ShowTarget } from './created-records.tsx';
import { NameAndCode } from './field.tsx';
import { failureOf, type RegionDraft, regionBody, validateRegion } from './form.ts';
import { MemberPicker } from './member-picker.tsx';
import { movesSentence } from './members.ts';
import { type SaveStep, useRegionCreation } from './mutations.ts';
import { membersCleared, previewAsked, usePicked, usePreviewing } from './pick-store.ts';
import { useDraft } from './use-draft.ts';
import { usePickables } from './use-pickables.ts';
import { useSubmit } from './use-submit.ts';

const EMPTY: RegionDraft = { name: '', code: '' };
const WIRE = { name: 'name', code: 'code', province_ids: 'members' } as const;

/**
 * A new region: a name and a code, and optionally the provinces and independent cities it is made of,
 * chosen from a list or on the map. With members, a preview draws it and the regions it takes them from, a
 * sentence says what moves where, saving shows its steps, and the explorer then opens the new region. A region
 * with members is created only from its preview: Enter in the name or the code, or Create before the preview of
 * this very region is shown, draws the preview instead (and the focus goes to what it says), so no province
 * leaves its region on a keystroke.
 */
export function RegionForm({ onShow }: { onShow?: (target: ShowTarget) => void }) {
  const [draft, setDraft, clear] = useDraft('region', EMPTY);
  const pickedIds = usePicked();
  const pickables = usePickables();
  const picked = useMemo(
    () => pickedIds.flatMap((id) => pickables?.places.find((p) => p.id === id) ?? []),
    [pickedIds, pickables],
  );
  const regions = useQuery(regionQueries.list());
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SaveStep | null>(null);
  const form = useSubmit('region', useRegionCreation(setStep), WIRE);
  const body = { ...regionBody(draft), ...(pickedIds.length && { province_ids: pickedIds }) };
  // The preview shown is the one asked for this very body; the map draws the same answer (admin-layers.tsx).
  const previewing = usePreviewing();
  const current = previewing !== null && JSON.stringify(previewing) === JSON.stringify(body);
  const preview = useQuery(regionQueries.preview(current ? previewing : null, 'simple'));
  useEffect(() => {
    if (previewing && !current) previewAsked(null);
  }, [previewing, current]);
  useEffect(
    () => () => {
      previewAsked(null);
    },
    [],
  );
  const change = (field: keyof RegionDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    form.edited(field);
  };
  const known = () => ({
    codes: regions.data?.data.map(regionShortCode) ?? [],
    names: regions.data?.data.map((r) => r.name) ?? [],
  });
  const previewError = preview.error && (failureOf(preview.error, WIRE).form ?? preview.error.message);
  /** The preview was asked for on the way to creating: once drawn, the focus goes to what it says. */
  const [showingPreview, setShowingPreview] = useState(false);
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (showingPreview && current && preview.data) {
      summary.current?.focus();
      setShowingPreview(false);
    }
  }, [showingPreview, current, preview.data]);
  const askPreview = (thenFocus: boolean) => {
    // The name and code are checked first: the service previews only a region it would create.
    const problems = validateRegion(draft, known());
    if (Object.keys(problems).length) return form.submit(problems, body, () => undefined);
    previewAsked(body);
    setShowingPreview(thenFocus);
  };
  /** Enter in the name or the code of a region with members: its preview, never its creation. */
  const enterInField = (e: KeyboardEvent<HTMLFormElement>) => {
    const field = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.defaultPrevented || !pickedIds.length) return;
    if (field instanceof HTMLInputElement && field.type === 'text') {
      e.preventDefault();
      askPreview(true);
    }
  };

  return (
    <form
      className="admin-form"
      aria-labelledby="region-form-title"
      noValidate
      onClickCapture={form.ignoreRepeatClicks}
      onKeyDown={enterInField}
      onSubmit={(e) => {
        e.preventDefault();
        if (pickedIds.length && !(current && preview.data)) return askPreview(true);
        form.submit(validateRegion(draft, known()), body, async (created) => {
          clear();
          membersCleared();
          setStep(null);
          mapClicksChanged('explore');
          if (!body.province_ids || !onShow) return;
          // Opened in the explorer once the region list, read again, holds it.
          const list = await queryClient.fetchQuery(regionQueries.list());
          const region = indexRegions(list).byId.get(created.id);
          if (region) onShow({ region: String(region.id) });
        });
      }}
    >
      <h3 id="region-form-title">New region</h3>
      <NameAndCode form="region" draft={draft} errors={form.errors} change={change} codeHint={REGION_CODE.words} />
      <MemberPicker picked={picked} error={form.errors.members} />
      {picked.length > 0 && (
        <div className="preview-row">
          <button
            type="button"
            aria-busy={preview.isFetching}
            disabled={preview.isFetching}
            onClick={() => askPreview(false)}
          >
            {preview.isFetching ? 'Drawing the preview…' : 'Preview'}
          </button>
          {previewError && (
            <p className="form-error" role="alert">
              {previewError}
            </p>
          )}
          {preview.data && (
            <p className="preview-summary" role="status" ref={summary} tabIndex={-1}>
              {movesSentence(preview.data.moves)}. Create region saves it as previewed.
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
