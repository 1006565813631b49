import { describe, expect, it } from 'vitest';
import { countDecided, percentileOf } from './decision-percentiles';

describe('percentiles from the decision-time histogram', () => {
  // Ten decisions: five within 2 minutes, four within 10, one took 3 hours (a 10-minute bucket).
  const day = [
    { bucket: 120, n: 5 },
    { bucket: 600, n: 4 },
    { bucket: 10_800, n: 1 },
  ];

  it('reads the median and the 90th percentile by nearest rank', () => {
    expect(countDecided(day)).toBe(10);
    expect(percentileOf(day, 0.5)).toBe(120);
    expect(percentileOf(day, 0.9)).toBe(600);
    expect(percentileOf(day, 1)).toBe(10_800);
  });

  it('has no answer before the first decision, and one decision is every percentile', () => {
    expect(percentileOf([], 0.5)).toBeNull();
    expect(percentileOf([{ bucket: 60, n: 1 }], 0.5)).toBe(60);
    expect(percentileOf([{ bucket: 60, n: 1 }], 0.9)).toBe(60);
  });
});
