import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from './load-chunk';

const dropped = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

describe('loading a lazy page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries once more a second after a dropped fetch, and gets the page', async () => {
    const load = vi.fn().mockRejectedValueOnce(dropped()).mockResolvedValueOnce({ Page: 'page' });
    const loading = loadChunk(load);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(loading).resolves.toEqual({ Page: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second try, and never retries an error in the page’s own code', async () => {
    const failing = vi.fn().mockRejectedValue(dropped());
    const loading = loadChunk(failing);
    const settled = expect(loading).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
    expect(failing).toHaveBeenCalledTimes(2);

    const broken = vi.fn().mockRejectedValue(new ReferenceError('x is not defined'));
    await expect(loadChunk(broken)).rejects.toThrow('x is not defined');
    expect(broken).toHaveBeenCalledTimes(1);
  });
});
