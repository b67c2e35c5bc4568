import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { QueryParams } from '../api/http';
import type { Row } from './crud-api';
import { initialListState, listParams, type ListState, type SortState } from './list-params';
import type { ListSource } from './list-source';

/** The list's paging, sorting and filters, and the rows they load. */
export function useCrudList(entity: AnyEntity, source: ListSource, fixed: QueryParams = {}) {
  const [state, setState] = useState<ListState>(initialListState);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const fixedKey = JSON.stringify(fixed);
  // A new tree-pane choice or parent row starts from the first page again, in the same render
  // (derived state), so the stale page is never asked for.
  const [seenFixed, setSeenFixed] = useState(fixedKey);
  if (seenFixed !== fixedKey) {
    setSeenFixed(fixedKey);
    if (state.current !== 1) setState((s) => ({ ...s, current: 1 }));
  }
  const params = useMemo(() => listParams(entity, state, JSON.parse(fixedKey) as QueryParams), [entity, state, fixedKey]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    source
      .load(params)
      .then((page) => {
        if (!live) return;
        setRows(page.records);
        setTotal(page.total);
      })
      // The error toast came from the HTTP client; the list shows what it had.
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [source, params, tick]);

  return {
    state,
    rows,
    setRows,
    total,
    loading,
    params,
    /** New search values: back to page 1 (spec §5). */
    search: useCallback((search: Record<string, unknown>, range: ListState['range']) => setState((s) => ({ ...s, search, range, current: 1 })), []),
    page: useCallback((current: number, size: number) => setState((s) => ({ ...s, current: s.size === size ? current : 1, size })), []),
    sort: useCallback((sort: SortState | null) => setState((s) => ({ ...s, sort })), []),
    reload: useCallback(() => setTick((n) => n + 1), []),
  };
}
