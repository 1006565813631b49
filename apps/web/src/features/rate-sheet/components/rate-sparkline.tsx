import { formatNaira } from '../../../lib/format-money';

const WIDTH = 96;
const HEIGHT = 24;

/**
 * The last 30 days' closing rates as a line, with words for screen readers: first and last
 * rate. Days before the subcategory had a rate are left out.
 */
export function RateSparkline({ rates }: { rates: (number | null)[] }) {
  const known = rates.flatMap((rate, day) => (rate === null ? [] : [{ rate, day }]));
  const first = known[0];
  const last = known[known.length - 1];
  if (!first || !last) return <span className="text-sm text-slate">No history</span>;
  const values = known.map(({ rate }) => rate);
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const step = WIDTH / Math.max(rates.length - 1, 1);
  const points = known
    .map(({ rate, day }) => {
      const y = HEIGHT - 2 - ((rate - low) / span) * (HEIGHT - 4);
      return `${(day * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={`30 days: from ${formatNaira(first.rate)} to ${formatNaira(last.rate)}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      className="text-brand"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
