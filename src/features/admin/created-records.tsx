import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import { regionShortCode } from '../../contract/region-shape.ts';
import type { Province, Region } from '../../contract/types.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { History, Undone } from './audit-trail.tsx';
import { failureOf } from './form.ts';
import { useRenaming, useUndo } from './mutations.ts';

/** Where a created record is shown in the explorer. */
export interface ShowTarget {
  region: string;
  province?: string;
}

// `select`s defined once, so the lists are filtered and indexed when an answer changes, not on every render.
const createdRegions = (page: { data: Region[] }) => {
  const { list, byId } = indexRegions(page);
  return { created: list.filter((region) => region.created_at), byId };
};
const createdProvinces = (page: { data: Province[] }) => page.data.filter((province) => province.created_at);

/**
 * The records created through the API, as the API lists them (not a copy kept by the client): the regions and
 * provinces that carry a creation time. Each opens in the explorer.
 */
export function CreatedRecords({ onShow }: { onShow: (target: ShowTarget) => void }) {
  const regions = useQuery({ ...regionQueries.list(), select: createdRegions });
  const provinces = useQuery({ ...provinceQueries.list(), select: createdProvinces });
  const allProvinces = useQuery({ ...provinceQueries.list(), select: dataOf });
  return (
    <section aria-labelledby="created-title" className="created">
      <h3 id="created-title">Created through the API</h3>
      <QueryState query={regions} what="regions">
        {(r) => (
          <QueryState query={provinces} what="provinces">
            {(createdProvinceList) => {
              // Whether a unit the audit trail names is here now: the list of undone ones leaves it out.
              const present = (kind: 'region' | 'province', numericId: number) =>
                kind === 'region'
                  ? r.created.some((region) => String(region.id) === String(numericId))
                  : createdProvinceList.some((province) => province.id === String(numericId));
              const undone = <Undone present={present} />;
              if (!r.created.length && !createdProvinceList.length) {
                return (
                  <>
                    <p className="panel-status">Nothing yet.</p>
                    {undone}
                  </>
                );
              }
              return (
                <>
                  <ul className="list" aria-label="Created records">
                    {r.created.map((region) => (
                      <li key={`r-${region.id}`} className="created-record">
                        <button type="button" onClick={() => onShow({ region: String(region.id) })}>
                          {region.name}
                          <span className="tag">region · {regionShortCode(region)}</span>
                        </button>
                        <Rename
                          kind="region"
                          id={String(region.id)}
                          name={region.name}
                          code={regionShortCode(region)}
                        />
                        <Undo kind="region" id={String(region.id)} name={region.name} />
                        <History kind="region" id={String(region.id)} name={region.name} />
                      </li>
                    ))}
                    {createdProvinceList
                      .concat(
                        // A province under a created region was created too, though a server may not say when: the
                        // live service's documented province list carries no creation time (docs/api-decisions.md).
                        (allProvinces.data ?? []).filter((p) => !p.created_at && r.byId.get(p.region_id)?.created_at),
                      )
                      .map((province) => {
                        const region = r.byId.get(province.region_id);
                        return (
                          <li key={`p-${province.id}`} className="created-record">
                            <button
                              type="button"
                              onClick={() =>
                                onShow({ region: String(region?.id ?? province.region_id), province: province.id })
                              }
                            >
                              {province.name}
                              <span className="tag">
                                province · {province.code}
                                {region && ` · ${region.name}`}
                              </span>
                            </button>
                            {province.created_at && (
                              <>
                                <Rename kind="province" id={province.id} name={province.name} code={province.code} />
                                <Undo kind="province" id={province.id} name={province.name} />
                                <History kind="province" id={province.id} name={province.name} />
                              </>
                            )}
                          </li>
                        );
                      })}
                  </ul>
                  {undone}
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </section>
  );
}

/**
 * Undoing a created region or province (DELETE), after a confirmation that says what happens: its places go back
 * to where they were. A refusal (a region that still holds created provinces) is said beside it.
 */
function Undo({ kind, id, name }: { kind: 'region' | 'province'; id: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const undo = useUndo();
  if (!asking) {
    return (
      <button type="button" className="link" onClick={() => setAsking(true)} aria-label={`Undo ${name}`}>
        Undo
      </button>
    );
  }
  return (
    <fieldset className="confirm" aria-label={`Undo ${name}?`}>
      <p>
        Undo {name}? It is deleted, and every place moved into it goes back to the{' '}
        {kind === 'region' ? 'region' : 'province'} it came from.
      </p>
      <button
        type="button"
        aria-busy={undo.isPending}
        onClick={() => undo.mutate({ kind, id }, { onSuccess: () => setAsking(false) })}
      >
        {undo.isPending ? 'Undoing…' : `Undo ${kind}`}
      </button>
      <button type="button" className="link" onClick={() => setAsking(false)}>
        Keep it
      </button>
      {undo.error && (
        <p className="form-error" role="alert">
          Not undone: {undo.error.message}
        </p>
      )}
    </fieldset>
  );
}

/** Renaming or recoding a created unit in place (PATCH); the service's refusal is said beside it. */
function Rename({ kind, id, name, code }: { kind: 'region' | 'province'; id: string; name: string; code: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name, code });
  const rename = useRenaming();
  if (!editing) {
    return (
      <button
        type="button"
        className="link"
        aria-label={`Rename ${name}`}
        onClick={() => {
          setDraft({ name, code });
          setEditing(true);
        }}
      >
        Rename
      </button>
    );
  }
  const failure = rename.error ? failureOf(rename.error, { name: 'name', code: 'code' } as const) : undefined;
  const message = failure && (failure.form ?? Object.values(failure.fields)[0]);
  return (
    <form
      className="confirm"
      aria-label={`Rename ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(
          { kind, id, change: { name: draft.name.trim(), code: draft.code.trim().toUpperCase() } },
          { onSuccess: () => setEditing(false) },
        );
      }}
    >
      <label>
        Name <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </label>
      <label>
        Short code <input value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.target.value })} />
      </label>
      <button type="submit" aria-busy={rename.isPending}>
        {rename.isPending ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="link" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {message && (
        <p className="form-error" role="alert">
          Not renamed: {message}
        </p>
      )}
    </form>
  );
}
