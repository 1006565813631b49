import { describe, expect, it } from 'vitest';
import { formatLagosDateTime } from './format-date';

describe('formatLagosDateTime', () => {
  it('shows a moment as "21 Nov 2026, 14:02" in Lagos time (UTC+1)', () => {
    expect(formatLagosDateTime('2026-11-21T13:02:00.000Z')).toBe('21 Nov 2026, 14:02');
  });

  it('moves to the next Lagos day after 23:00 UTC, with a 24-hour clock', () => {
    expect(formatLagosDateTime('2026-09-30T23:30:00.000Z')).toBe('1 Oct 2026, 00:30');
    expect(formatLagosDateTime('2026-09-05T08:05:00.000Z')).toBe('5 Sep 2026, 09:05');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatLagosDateTime('soon')).toBe('');
  });
});
