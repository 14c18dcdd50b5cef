import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { CodeBook } from './code-book.ts';

/** The code list a table is joined to, read once a table is there (its file is 225 KB gzip). */
export function useCodeBook(enabled: boolean): CodeBook | undefined {
  const codes = useQuery({ ...datasetQueries.codes(), enabled });
  const splits = useQuery({ ...datasetQueries.splits(), enabled });
  return useMemo(
    () => (codes.data && splits.data ? new CodeBook(codes.data.index, codes.data.old, splits.data) : undefined),
    [codes.data, splits.data],
  );
}

/** The same, for a table being added (outside render). */
export async function fetchCodeBook(client: QueryClient): Promise<CodeBook> {
  const [codes, splits] = await Promise.all([
    client.fetchQuery(datasetQueries.codes()),
    client.fetchQuery(datasetQueries.splits()),
  ]);
  return new CodeBook(codes.index, codes.old, splits);
}
