import { describe, expect, it } from 'vitest';
import { toDateQuery } from './use-history-filters';

describe('toDateQuery (docs/product.md §7 date_query)', () => {
  it('sends nothing without dates', () => {
    expect(toDateQuery({ date: '', to: '' })).toBeUndefined();
  });

  it('sends one day as YYYY-MM-DD', () => {
    expect(toDateQuery({ date: '2026-11-01', to: '' })).toBe('2026-11-01');
    expect(toDateQuery({ date: '', to: '2026-11-20' })).toBe('2026-11-20');
    expect(toDateQuery({ date: '2026-11-01', to: '2026-11-01' })).toBe('2026-11-01');
  });

  it('sends a range as first,last in order', () => {
    expect(toDateQuery({ date: '2026-11-01', to: '2026-11-20' })).toBe('2026-11-01,2026-11-20');
    expect(toDateQuery({ date: '2026-11-20', to: '2026-11-01' })).toBe('2026-11-01,2026-11-20');
  });
});
