import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../shared/query-client';
import { useDialogLoad } from './use-dialog-load';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

const wrapper = () => {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};

describe('a dialog\'s load', () => {
  it('is loading, then ready with the answer, and fills the form once', async () => {
    const fill = vi.fn();
    const { result, rerender } = renderHook(() => useDialogLoad(['user', 'platform', '7', '1'], async () => ({ userExt: '{}' }), fill), { wrapper: wrapper() });
    expect(result.current[0]).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'ready', data: { userExt: '{}' } }));
    rerender();
    expect(fill).toHaveBeenCalledTimes(1);
    expect(fill).toHaveBeenCalledWith({ userExt: '{}' });
  });

  it('fills from the current key only: an older answer arriving last never overwrites the newer', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { web: deferred(), app: deferred() };
    const fill = vi.fn();
    const { result, rerender } = renderHook(({ platform }) => useDialogLoad(['user', 'platform', platform], () => answers[platform]!.promise, fill), {
      wrapper: wrapper(), initialProps: { platform: 'web' },
    });
    rerender({ platform: 'app' });
    await act(async () => answers.app!.resolve('app ext'));
    await act(async () => answers.web!.resolve('web ext'));
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'ready', data: 'app ext' }));
    expect(fill.mock.calls).toEqual([['app ext']]);
  });

  it('says why it failed, and loads again on retry', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls <= 2) throw new Error('网关不可用');
      return 3;
    };
    const { result } = renderHook(() => useDialogLoad(['model', 'tables', ''], load), { wrapper: wrapper() });
    // The console's queries try once more before they fail.
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'failed', message: '网关不可用' }), { timeout: 5000 });
    act(() => result.current[1]());
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'ready', data: 3 }));
  });
});
