import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { makeStore } from '../app/store';
import { lazyMutation, useLazyMutation } from './lazy-mutation';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProvider store={makeStore()}>{children}</AppProvider>
);

describe('lazyMutation', () => {
  it('loads the call once, on preload or first use, and says while it runs', async () => {
    let finish: (value: string) => void = () => undefined;
    const call = vi.fn(
      (_dispatch: unknown, arg: number) =>
        new Promise<string>((resolve) => {
          finish = resolve;
          expect(arg).toBe(7);
        }),
    );
    const load = vi.fn(() => Promise.resolve(call));
    const mutation = lazyMutation(load);
    expect(load).not.toHaveBeenCalled();
    mutation.preload();
    mutation.preload();
    const { result } = renderHook(() => useLazyMutation(mutation), { wrapper });
    expect(result.current[1].isLoading).toBe(false);
    let sent: Promise<string> | undefined;
    act(() => {
      sent = result.current[0](7);
    });
    expect(result.current[1].isLoading).toBe(true);
    await vi.waitFor(() => {
      expect(call).toHaveBeenCalledTimes(1);
    });
    await act(async () => {
      finish('done');
      await expect(sent).resolves.toBe('done');
    });
    expect(result.current[1].isLoading).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (a dropped connection)', async () => {
    const load = vi
      .fn<() => Promise<(dispatch: unknown, arg: number) => Promise<number>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue((_dispatch, arg) => Promise.resolve(arg * 2));
    const { result } = renderHook(() => useLazyMutation(lazyMutation(load)), { wrapper });
    await act(async () => {
      await expect(result.current[0](1)).rejects.toThrow('offline');
    });
    expect(result.current[1].isLoading).toBe(false);
    await act(async () => {
      await expect(result.current[0](2)).resolves.toBe(4);
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
