import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accept: Resolver<Values> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver once, on preload or first use, and hands over to it', async () => {
    const load = vi.fn(() => Promise.resolve(accept));
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    const result = await resolver({ email: 'a@b.co' }, undefined, options);
    expect(result).toEqual({ values: { email: 'a@b.co' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (a dropped connection)', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(accept);
    const { resolver } = lazyResolver(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toEqual({
      values: { email: '' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
