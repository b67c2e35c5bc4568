import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { DataTablePageEvent } from 'primereact/datatable';
import type { HttpClient } from '../api/http';
import { PAGE_SIZES } from '../crud/list-params';
import { fetchRecords, type RecordFilter, type RecordSource } from './record-api';
import type { Row } from './wire-parse';

export { PAGE_SIZES };

export interface RowPage {
  records: Row[];
  total: number;
}

/**
 * Paged loading of rows for a query through the console's query cache, under `key` (the entity's
 * name first, so that a write of it refreshes the list): only the current page's answer shows,
 * and a new query starts at page 1 (spec: search resets the page). `fetchPage` must be stable.
 */
export function usePagedRows<Q>(key: QueryKey, fetchPage: (query: Q, current: number, size: number) => Promise<RowPage>, query: Q) {
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const queryKey = [...key, query, current, size];
  const q = useQuery({
    queryKey,
    queryFn: () => fetchPage(query, current, size),
    placeholderData: keepPreviousData,
    // Asked again whenever shown; a failure is not retried (the HTTP client already said it).
    staleTime: 0,
    retry: false,
  });
  // A failed page shows no rows (the HTTP client already showed the catalogue's message).
  const page = q.isError ? EMPTY : (q.data ?? EMPTY);

  useEffect(() => setCurrent(1), [query]);

  const setPage = useCallback((next: number, rowsPerPage: number) => {
    setCurrent(next);
    setSize(rowsPerPage);
  }, []);
  const keyText = JSON.stringify(queryKey);
  /** Changes the shown page in place (rows the caller knows of before the server lists them). */
  const update = useCallback((change: (page: RowPage) => RowPage) => {
    client.setQueryData<RowPage>(JSON.parse(keyText) as QueryKey, (old) => change(old ?? EMPTY));
  }, [client, keyText]);
  const reload = useCallback(async () => void (await q.refetch()), [q]);

  return { rows: page.records, total: page.total, loading: q.isFetching, current, size, setPage, reload, update };
}

const EMPTY: RowPage = { records: [], total: 0 };

/** Paged loading of a monitoring record list. */
export function useRecordList(http: HttpClient, source: RecordSource, filter: RecordFilter) {
  const fetchPage = useCallback(
    (f: RecordFilter, current: number, size: number) => fetchRecords(http, source, f, current, size),
    [http, source],
  );
  return usePagedRows([source.entity, 'records', source.pageUrl], fetchPage, filter);
}

/** The DataTable props of a lazily paged list (server-side paging, the spec's page sizes). */
export function pagingProps(list: { current: number; size: number; total: number; setPage: (page: number, size: number) => void }) {
  return {
    lazy: true,
    paginator: true,
    first: (list.current - 1) * list.size,
    rows: list.size,
    totalRecords: list.total,
    rowsPerPageOptions: PAGE_SIZES,
    onPage: (e: DataTablePageEvent) => list.setPage((e.page ?? 0) + 1, e.rows),
  };
}
