import { useCallback, useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../api/http';
import { fetchRecords, type RecordFilter, type RecordSource } from './record-api';
import type { Row } from './wire-parse';

export const PAGE_SIZES = [10, 30, 50, 100, 200];

/** Paged loading of a record list; a newer request wins over a slower older one. */
export function useRecordList(http: HttpClient, source: RecordSource, filter: RecordFilter) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0]);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const page = await fetchRecords(http, source, filter, current, size);
      if (ticket !== latest.current) return;
      setRows(page.records);
      setTotal(page.total);
    } catch {
      // The HTTP client already showed the catalogue's message.
      if (ticket === latest.current) setRows([]);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [http, source, filter, current, size]);

  useEffect(() => {
    void load();
  }, [load]);

  // A new filter starts at page 1 (spec: search resets the page).
  useEffect(() => setCurrent(1), [filter]);

  return { rows, total, loading, current, size, setPage: (page: number, rowsPerPage: number) => {
    setCurrent(page);
    setSize(rowsPerPage);
  }, reload: load };
}
