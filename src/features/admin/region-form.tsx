import { useQuery } from '@tanstack/react-query';
import { regionQueries, regionShortCode } from '../../api/regions.ts';
import { REGION_CODE } from '../../contract/rules.ts';
import { NameAndCode } from './field.tsx';
import { type RegionDraft, regionBody, validateRegion } from './form.ts';
import { useRegionCreation } from './mutations.ts';
import { useDraft } from './use-draft.ts';
import { useSubmit } from './use-submit.ts';

const EMPTY: RegionDraft = { name: '', code: '' };
const WIRE = { name: 'name', code: 'code' } as const;

export function RegionForm() {
  const [draft, setDraft, clear] = useDraft('region', EMPTY);
  const regions = useQuery(regionQueries.list());
  const form = useSubmit('region', useRegionCreation(), WIRE);
  const change = (field: keyof RegionDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    form.edited(field);
  };

  return (
    <form
      className="admin-form"
      aria-labelledby="region-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const codes = regions.data?.data.map(regionShortCode) ?? [];
        const names = regions.data?.data.map((r) => r.name) ?? [];
        form.submit(validateRegion(draft, { codes, names }), regionBody(draft), clear);
      }}
    >
      <h3 id="region-form-title">New region</h3>
      <NameAndCode form="region" draft={draft} errors={form.errors} change={change} codeHint={REGION_CODE.words} />
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
