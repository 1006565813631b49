/**
 * Percentiles from the decision-time histogram (`overview_duration_bucket`, migration 0015):
 * each bucket is named by its upper edge in seconds (a minute wide up to two hours, ten minutes
 * up to a day, an hour beyond).
 */

/**
 * The bucket that holds the `fraction`-th decision (nearest rank): never below the true
 * percentile and at most one bucket's width above it. Null when nothing was decided.
 */
export function percentileOf(
  histogram: readonly { bucket: number; n: number }[],
  fraction: number,
): number | null {
  const rank = Math.max(1, Math.ceil(fraction * countDecided(histogram)));
  let seen = 0;
  for (const row of histogram) {
    seen += row.n;
    if (seen >= rank) return row.bucket;
  }
  return null;
}

export const countDecided = (histogram: readonly { n: number }[]) =>
  histogram.reduce((sum, row) => sum + row.n, 0);
