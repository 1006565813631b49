import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age';

const NOW = Date.parse('2026-11-21T14:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatAge', () => {
  it('says just now under a minute, then whole minutes, hours and days', () => {
    expect(formatAge(before(30_000), NOW)).toBe('just now');
    expect(formatAge(before(12 * 60_000 + 59_000), NOW)).toBe('12 min ago');
    expect(formatAge(before(3 * 3_600_000 + 5 * 60_000), NOW)).toBe('3 h ago');
    expect(formatAge(before(26 * 3_600_000), NOW)).toBe('1 day ago');
    expect(formatAge(before(5 * 86_400_000), NOW)).toBe('5 days ago');
  });

  it('treats a clock that is slightly behind as just now, and nonsense as nothing', () => {
    expect(formatAge(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
    expect(formatAge('soon', NOW)).toBe('');
  });
});
