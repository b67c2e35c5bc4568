import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { QueryParams } from '../api/http';
import type { Row } from './crud-api';
import { initialListState, listParams, type ListState, type SortState } from './list-params';
import type { ListSource } from './list-source';

/**
 * The list's paging, sorting and filters, and the rows they load.
 * A user action (page, sort, search) starts its request in the event handler, while React is
 * still rendering the loading state, instead of in an effect after the render: the answer
 * arrives one render sooner. The effect still loads what props change (fixed filters, source).
 */
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

  // Only the newest request may show its rows; `started` is what it asked (source, params, tick).
  const latest = useRef(0);
  const started = useRef<{ source: ListSource; key: string } | undefined>(undefined);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback((from: ListSource, query: QueryParams, key: string) => {
    const id = ++latest.current;
    started.current = { source: from, key };
    setLoading(true);
    from
      .load(query)
      .then((page) => {
        if (id !== latest.current) return;
        setRows(page.records);
        setTotal(page.total);
      })
      // The error toast came from the HTTP client; the list shows what it had.
      .catch(() => undefined)
      .finally(() => id === latest.current && setLoading(false));
  }, []);

  const keyOf = (query: QueryParams, n: number) => `${n}|${JSON.stringify(query)}`;

  useEffect(() => {
    const key = keyOf(params, tick);
    if (started.current?.source === source && started.current.key === key) return;
    load(source, params, key);
  }, [source, params, tick, load]);
  // Unmounted: whatever is in flight shows nothing (and a remount, as StrictMode does, loads again).
  useEffect(() => () => {
    latest.current++;
    started.current = undefined;
  }, []);

  /** Applies a user action: the new state, and its request at once. */
  const act = (change: (s: ListState) => ListState) => {
    const next = change(stateRef.current);
    stateRef.current = next;
    const query = listParams(entity, next, JSON.parse(fixedKey) as QueryParams);
    load(source, query, keyOf(query, tick));
    setState(next);
  };
  const actRef = useRef(act);
  actRef.current = act;

  return {
    state,
    rows,
    setRows,
    total,
    loading,
    params,
    /** New search values: back to page 1 (spec §5). */
    search: useCallback((search: Record<string, unknown>, range: ListState['range']) => actRef.current((s) => ({ ...s, search, range, current: 1 })), []),
    page: useCallback((current: number, size: number) => actRef.current((s) => ({ ...s, current: s.size === size ? current : 1, size })), []),
    sort: useCallback((sort: SortState | null) => actRef.current((s) => ({ ...s, sort })), []),
    reload: useCallback(() => setTick((n) => n + 1), []),
  };
}
