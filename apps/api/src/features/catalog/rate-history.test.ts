import { describe, expect, it } from 'vitest';
import { buildRatePoints, getChangePercent, listLagosDays, startOfLagosDay } from './rate-history';

describe('rate history points', () => {
  it('lists Lagos days, oldest first, ending on the Lagos today', () => {
    // 23:30 UTC on 1 March is already 2 March in Lagos.
    expect(listLagosDays(new Date('2026-03-01T23:30:00Z'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(startOfLagosDay('2026-03-02').toISOString()).toBe('2026-03-01T23:00:00.000Z');
  });

  it('takes the rate in force at the end of each day and skips days before the first rate', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    const points = buildRatePoints(
      [
        { rateKobo: 100000n, changedAt: new Date('2026-03-02T08:00:00Z') },
        { rateKobo: 101050n, changedAt: new Date('2026-03-02T15:00:00Z') },
        // 23:30 UTC on the 3rd is the 4th in Lagos.
        { rateKobo: 99000n, changedAt: new Date('2026-03-03T23:30:00Z') },
      ],
      days,
    );
    expect(points).toEqual([
      { date: '2026-03-02', rate: 1010.5 },
      { date: '2026-03-03', rate: 1010.5 },
      { date: '2026-03-04', rate: 990 },
    ]);
    expect(getChangePercent(points)).toBe(-2);
  });

  it('rounds change_percent to one decimal and answers 0 below two points', () => {
    expect(getChangePercent([{ rate: 1180 }, { rate: 1200 }])).toBe(1.7);
    expect(getChangePercent([{ rate: 1180 }])).toBe(0);
    expect(getChangePercent([])).toBe(0);
    expect(getChangePercent([{ rate: 1000 }, { rate: 1000.4 }])).toBe(0);
  });
});
