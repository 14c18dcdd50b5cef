import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { tableGiven } from './state.ts';
import { fetchCodeBook } from './use-code-book.ts';

const ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file chosen, or a table pasted from a spreadsheet: read as "Match a file" reads one. */
export function AddTable() {
  const client = useQueryClient();
  const hint = useId();
  const [pasted, setPasted] = useState('');
  const abort = useRef<AbortController | null>(null);
  // The code list a table is joined to, asked for while the person finds their file.
  useEffect(() => {
    void client.prefetchQuery(datasetQueries.codes());
    void client.prefetchQuery(datasetQueries.splits());
  }, [client]);
  const give = async (name: string, blob: Blob) => {
    abort.current?.abort();
    abort.current = new AbortController();
    await tableGiven(name, blob, await fetchCodeBook(client), abort.current.signal);
  };
  return (
    <div className="your-data-add">
      <p id={hint} className="your-data-hint">
        A row per place (region, province, city or municipality, or barangay), named by its PSGC code (10 digits, the
        old 9-digit correspondence code, or a code of an older list) or by its names (barangay, city or municipality,
        province); the other columns are your figures. CSV or Excel (.xlsx), up to 50 MB. The table stays in this
        browser.
      </p>
      <label className="your-data-choose">
        Open a table
        <input
          type="file"
          accept={ACCEPT}
          aria-describedby={hint}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void give(file.name, file);
          }}
        />
      </label>
      <details className="your-data-paste">
        <summary>Or paste a table</summary>
        <label>
          A table copied from a spreadsheet, with its header row
          <textarea rows={5} value={pasted} onChange={(e) => setPasted(e.target.value)} spellCheck={false} />
        </label>
        <button
          type="button"
          disabled={!pasted.trim()}
          onClick={() => void give('Pasted table', new Blob([pasted], { type: 'text/plain' }))}
        >
          Read the pasted table
        </button>
      </details>
    </div>
  );
}
