import { describe, expect, it } from 'vitest';
import { formatLagosDateTime, formatLagosStamp, startOfLagosMonth } from './lagos-time';

describe('Lagos time', () => {
  it('starts a month at midnight in Lagos, 23:00 UTC the day before', () => {
    expect(startOfLagosMonth('2026-11').toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(startOfLagosMonth('2027-01').toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('writes the Lagos wall clock for files and for people', () => {
    const lateInUtc = new Date('2026-11-30T23:30:05Z');
    expect(formatLagosStamp(lateInUtc)).toBe('2026-12-01 00:30:05');
    expect(formatLagosDateTime(lateInUtc)).toBe('1 Dec 2026, 00:30');
    expect(formatLagosDateTime(new Date('2026-11-21T13:02:00Z'))).toBe('21 Nov 2026, 14:02');
  });
});
