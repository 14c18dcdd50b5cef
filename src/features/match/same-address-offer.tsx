import { useEffect, useState } from 'react';
import type { ResolvedPlace } from '../../contract/types.ts';
import type { RowIndex } from './row-index.ts';
import { rowsFixed, rowsLike } from './same-address.ts';

/**
 * Once a row is fixed by hand: the other rows with the very same address (not fixed yet), and a button that gives
 * them the same place. A file often repeats an address, and each copy was left ambiguous by the one fix.
 */
export function SameAddressOffer({
  index,
  row,
  place,
  version,
}: {
  index: RowIndex;
  row: number;
  place: ResolvedPlace;
  version: number;
}) {
  const [like, setLike] = useState<{ row: number; rows: number[] } | null>(null);
  const [applying, setApplying] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  useEffect(() => {
    const controller = new AbortController();
    rowsLike(index, row, controller.signal).then(
      (rows) => setLike({ row, rows }),
      () => {},
    );
    return () => controller.abort();
  }, [index, row, version]);
  const rows = like?.row === row ? like.rows : [];
  if (!rows.length) return null;
  const count = rows.length === 1 ? '1 other row has' : `${rows.length.toLocaleString('en')} other rows have`;
  return (
    <p className="match-same" role="status">
      {count} this same address.{' '}
      <button
        type="button"
        aria-busy={applying}
        disabled={applying}
        onClick={() => {
          setApplying(true);
          void rowsFixed(rows, place).finally(() => setApplying(false));
        }}
      >
        {applying ? 'Fixing them…' : `Use this place for ${rows.length === 1 ? 'it' : `all ${rows.length}`} too`}
      </button>
    </p>
  );
}
