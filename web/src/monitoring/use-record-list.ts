import { useCallback, useEffect, useRef, useState } from 'react';
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
 * Paged loading of rows for a query; a newer request wins over a slower older one, and a new
 * query starts at page 1 (spec: search resets the page). `fetchPage` must be stable.
 */
export function usePagedRows<Q>(fetchPage: (query: Q, current: number, size: number) => Promise<RowPage>, query: Q) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const page = await fetchPage(query, current, size);
      if (ticket !== latest.current) return;
      setRows(page.records);
      setTotal(page.total);
    } catch {
      // The HTTP client already showed the catalogue's message.
      if (ticket === latest.current) setRows([]);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [fetchPage, query, current, size]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => setCurrent(1), [query]);

  const setPage = useCallback((page: number, rowsPerPage: number) => {
    setCurrent(page);
    setSize(rowsPerPage);
  }, []);

  return { rows, total, loading, current, size, setPage, reload: load, setRows, setTotal };
}

/** Paged loading of a monitoring record list. */
export function useRecordList(http: HttpClient, source: RecordSource, filter: RecordFilter) {
  const fetchPage = useCallback(
    (f: RecordFilter, current: number, size: number) => fetchRecords(http, source, f, current, size),
    [http, source],
  );
  return usePagedRows(fetchPage, filter);
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
