import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { QueryParams } from '../api/http';
import { entityQueryKey, invalidateEntity } from '../shared/query-keys';
import type { PageData, Row } from './crud-api';
import { initialListState, listParams, type ListState, type SortState } from './list-params';
import type { ListSource } from './list-source';

/** A source without a key of its own is told apart by identity (screens keep theirs in a memo). */
const sourceIds = new WeakMap<ListSource, string>();
let sourcesSeen = 0;
function sourceKey(source: ListSource): string {
  if (source.key) return source.key;
  let id = sourceIds.get(source);
  if (!id) sourceIds.set(source, (id = `#${++sourcesSeen}`));
  return id;
}

/** The query of one list page: the entity first (every write of it refreshes the list), then where and what. */
export const listQueryKey = (entity: AnyEntity, source: ListSource, params: QueryParams) =>
  [...entityQueryKey(entity.name), 'list', sourceKey(source), params] as const;

const EMPTY: PageData = { records: [], total: 0 };

/**
 * The list's paging, sorting and filters, and the rows they load, through the console's query
 * cache: a list shown again shows its last rows at once while it asks again, only the answer of the
 * current query shows, and a write of the entity anywhere refreshes it.
 * A user action (page, sort, search) starts its request in the event handler, while React is
 * still rendering the loading state, instead of after the render: the answer arrives one render
 * sooner.
 */
export function useCrudList(entity: AnyEntity, source: ListSource, fixed: QueryParams = {}) {
  const client = useQueryClient();
  const [state, setState] = useState<ListState>(initialListState);
  const fixedKey = JSON.stringify(fixed);
  // A new tree-pane choice or parent row starts from the first page again, in the same render
  // (derived state), so the stale page is never asked for.
  const [seenFixed, setSeenFixed] = useState(fixedKey);
  if (seenFixed !== fixedKey) {
    setSeenFixed(fixedKey);
    if (state.current !== 1) setState((s) => ({ ...s, current: 1 }));
  }
  const params = useMemo(() => listParams(entity, state, JSON.parse(fixedKey) as QueryParams), [entity, state, fixedKey]);
  // Lists are asked again whenever shown (stale at once), and a failure is not retried: the HTTP
  // client has already told the user, and a refusal would not change.
  const options = (query: QueryParams) => ({
    queryKey: listQueryKey(entity, source, query),
    queryFn: () => source.load(query),
    staleTime: 0,
    retry: false,
  });
  const query = useQuery({ ...options(params), placeholderData: keepPreviousData });
  // A failed load leaves the rows it had on screen.
  const shown = useRef<PageData>(EMPTY);
  if (query.data) shown.current = query.data;
  const page = query.data ?? shown.current;

  const stateRef = useRef(state);
  stateRef.current = state;
  /** Applies a user action: its request at once, then the new state (which finds it in flight). */
  const act = (change: (s: ListState) => ListState) => {
    const next = change(stateRef.current);
    stateRef.current = next;
    const nextParams = listParams(entity, next, JSON.parse(fixedKey) as QueryParams);
    // The error is the query's (shown by the HTTP client); nothing waits on this promise.
    void client.prefetchQuery(options(nextParams));
    setState(next);
  };
  const actRef = useRef(act);
  actRef.current = act;
  const entityName = entity.name;

  return {
    state,
    rows: page.records as Row[],
    total: page.total,
    loading: query.isFetching,
    params,
    /** New search values: back to page 1 (spec §5). */
    search: useCallback((search: Record<string, unknown>, range: ListState['range']) => actRef.current((s) => ({ ...s, search, range, current: 1 })), []),
    page: useCallback((current: number, size: number) => actRef.current((s) => ({ ...s, current: s.size === size ? current : 1, size })), []),
    sort: useCallback((sort: SortState | null) => actRef.current((s) => ({ ...s, sort })), []),
    /** After a write: this list and every other query of the entity load again. */
    reload: useCallback(() => void invalidateEntity(client, entityName), [client, entityName]),
  };
}
