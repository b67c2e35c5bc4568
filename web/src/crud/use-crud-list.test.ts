import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { QueryParams } from '../api/http';
import type { PageData } from './crud-api';
import type { ListSource } from './list-source';
import { useCrudList } from './use-crud-list';
import { sampleEntity } from './crud-fixture';
import { TestQueryProvider } from '../test-support/query';
import { createQueryClient } from '../shared/query-client';

/** A source whose answers the test releases one by one, recording what was asked. */
function manualSource() {
  const asked: QueryParams[] = [];
  const pending: Array<(page: PageData) => void> = [];
  const source: ListSource = {
    tree: false,
    paged: true,
    load: (params) => {
      asked.push(params);
      return new Promise((resolve) => pending.push(resolve));
    },
  };
  const answer = (i: number, name: string) => act(() => pending[i]!({ records: [{ id: String(i), name }], total: 40 }));
  return { source, asked, answer };
}

const cached = TestQueryProvider;
const strict = ({ children }: { children: ReactNode }) => createElement(StrictMode, null, createElement(TestQueryProvider, null, children));

describe('useCrudList', () => {
  it('asks for a new page at the moment of the action, once, and shows only the newest answer', async () => {
    const { source, asked, answer } = manualSource();
    const { result } = renderHook(() => useCrudList(sampleEntity, source), { wrapper: cached });
    expect(asked).toHaveLength(1);
    await answer(0, 'first page');
    await waitFor(() => expect(result.current.rows).toEqual([{ id: '0', name: 'first page' }]));

    act(() => result.current.page(2, 10));
    act(() => result.current.page(3, 10));
    // No second request from the effect for a page the handler already asked for.
    expect(asked.map((p) => p.current)).toEqual([1, 2, 3]);
    expect(result.current.loading).toBe(true);
    await answer(2, 'third page');
    await answer(1, 'second page (late)');
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([{ id: '2', name: 'third page' }]);
    expect(result.current.state.current).toBe(3);
  });

  it('searches from page 1, and reloads the same query on demand', async () => {
    const { source, asked, answer } = manualSource();
    const { result } = renderHook(() => useCrudList(sampleEntity, source), { wrapper: cached });
    await answer(0, 'first page');
    act(() => result.current.page(4, 10));
    await answer(1, 'fourth page');
    act(() => result.current.search({ name: 'x' }, null));
    expect(asked).toHaveLength(3);
    expect(asked.at(-1)).toMatchObject({ current: 1 });
    await answer(2, 'found');
    await waitFor(() => expect(result.current.loading).toBe(false));
    // A reload (after a write) asks the same query again.
    act(() => result.current.reload());
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.at(-1)).toEqual(asked.at(-2));
  });

  it('loads under StrictMode (effects mounted twice) and shows the rows', async () => {
    const { source, asked, answer } = manualSource();
    const { result } = renderHook(() => useCrudList(sampleEntity, source), { wrapper: strict });
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(1));
    for (let i = 0; i < asked.length; i++) await answer(i, `answer ${i}`);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows[0]?.name).toBe(`answer ${asked.length - 1}`);
  });

  it('a write seen by one list refreshes every list of the entity, and a list shown again shows its rows at once while it asks again', async () => {
    const one = manualSource();
    const other = manualSource();
    const client = createQueryClient();
    const shared = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const a = renderHook(() => useCrudList(sampleEntity, one.source), { wrapper: shared });
    renderHook(() => useCrudList(sampleEntity, other.source), { wrapper: shared });
    await one.answer(0, 'a');
    await other.answer(0, 'b');
    act(() => a.result.current.reload());
    await waitFor(() => expect(other.asked).toHaveLength(2));
    expect(one.asked).toHaveLength(2);

    await one.answer(1, 'a again');
    await waitFor(() => expect(a.result.current.rows[0]?.name).toBe('a again'));
    a.unmount();
    const again = renderHook(() => useCrudList(sampleEntity, one.source), { wrapper: shared });
    expect(again.result.current.rows[0]?.name).toBe('a again');
    expect(again.result.current.loading).toBe(true);
    await waitFor(() => expect(one.asked).toHaveLength(3));
  });
});
