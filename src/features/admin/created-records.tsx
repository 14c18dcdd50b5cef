import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import { regionShortCode } from '../../contract/region-shape.ts';
import type { Province, Region } from '../../contract/types.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { History, Undone } from './audit-trail.tsx';
import { type RecordRef, useUndo } from './mutations.ts';
import { focusRecord, Rename, recordKey, Undo } from './record-actions.tsx';
import './records.css';

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

/** Gives the focus to the undone records' heading, once a record has left the list for it. */
const focusUndone = () => document.getElementById('undone-title')?.focus();

/**
 * The records created through the API, as the API lists them (not a copy kept by the client): the regions and
 * provinces that carry a creation time. Each opens in the explorer. `onGone` hears of a record undone before
 * anything is read again (the explorer leaves it if it shows it).
 */
export function CreatedRecords({
  onShow,
  onGone,
}: {
  onShow: (target: ShowTarget) => void;
  onGone?: (record: RecordRef) => void;
}) {
  const regions = useQuery({ ...regionQueries.list(), select: createdRegions });
  const provinces = useQuery({ ...provinceQueries.list(), select: createdProvinces });
  const allProvinces = useQuery({ ...provinceQueries.list(), select: dataOf });
  const undoing = useUndo(onGone);
  const undo = { ...undoing, mutate: (record: RecordRef) => undoing.mutate(record, { onSuccess: focusUndone }) };
  // A restored record takes the focus once it is listed here: the lists are read again before the restore is
  // said done, but drawn after, and the Restore button that had the focus is gone by then.
  const [focusOn, setFocusOn] = useState<RecordRef | null>(null);
  useEffect(() => {
    if (focusOn && focusRecord(focusOn)) setFocusOn(null);
  });
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
              const undone = <Undone present={present} onRestored={setFocusOn} />;
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
                    {r.created.map((region) => {
                      const record = { kind: 'region', id: String(region.id) } as const;
                      return (
                        <li key={`r-${region.id}`} className="created-record" data-record={recordKey(record)}>
                          <button type="button" onClick={() => onShow({ region: String(region.id) })}>
                            {region.name}
                            <span className="tag">region · {regionShortCode(region)}</span>
                          </button>
                          <Rename record={record} name={region.name} code={regionShortCode(region)} />
                          <Undo record={record} name={region.name} undo={undo} />
                          <History kind="region" id={record.id} name={region.name} />
                        </li>
                      );
                    })}
                    {createdProvinceList
                      .concat(
                        // A province under a created region was created too, though a server may not say when: the
                        // live service's documented province list carries no creation time (docs/api-decisions.md).
                        // One of the code list (it has a PSGC code) that a reorganization moved there was not.
                        (allProvinces.data ?? []).filter(
                          (p) => !p.created_at && !p.psgc_code && r.byId.get(p.region_id)?.created_at,
                        ),
                      )
                      .map((province) => {
                        const region = r.byId.get(province.region_id);
                        const record = { kind: 'province', id: province.id } as const;
                        return (
                          <li key={`p-${province.id}`} className="created-record" data-record={recordKey(record)}>
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
                                <Rename record={record} name={province.name} code={province.code} />
                                <Undo record={record} name={province.name} undo={undo} />
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
