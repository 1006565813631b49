import { MESSAGES } from '@karta/shared/messages';
import { useGetRateHistoryQuery, type RateHistory as RateHistoryData } from '../api';

const WIDTH = 240;
const HEIGHT = 48;

/** The points as an SVG polyline, scaled to the box with a little room top and bottom. */
function sparklinePoints(rates: readonly number[]): string {
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  const span = high - low || 1;
  const step = rates.length > 1 ? WIDTH / (rates.length - 1) : 0;
  return rates
    .map((rate, index) => {
      const y = HEIGHT - 4 - ((rate - low) / span) * (HEIGHT - 8);
      return `${(index * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** "Up 2.4% in 30 days": the words carry the direction, the colour and arrow only repeat it. */
function describeChange(changePercent: number): string {
  const size = `${Math.abs(changePercent).toFixed(1)}%`;
  if (changePercent > 0) return `Up ${size} in 30 days`;
  if (changePercent < 0) return `Down ${size} in 30 days`;
  return 'No change in 30 days';
}

function Chart({ history }: { history: RateHistoryData }) {
  const change = history.change_percent;
  const tone = change > 0 ? 'text-approved' : change < 0 ? 'text-rejected' : 'text-slate';
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '■';
  return (
    <div className="flex flex-wrap items-center gap-4">
      {history.points.length > 1 && (
        <svg
          viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
          aria-hidden="true"
          className={`h-12 w-full max-w-60 ${tone}`}
          preserveAspectRatio="none"
        >
          <polyline
            points={sparklinePoints(history.points.map((point) => point.rate))}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
      <p className={`font-semibold tabular-nums ${tone}`}>
        <span aria-hidden="true">{arrow} </span>
        {describeChange(change)}
      </p>
    </div>
  );
}

/** Beyond docs/product.md §2: how the chosen subcategory's rate moved over the last 30 days. */
export function RateHistory({ subcategoryId }: { subcategoryId: string }) {
  const { currentData, isError } = useGetRateHistoryQuery(subcategoryId);
  return (
    <section aria-labelledby="rate-history-title" className="mt-6 border-t border-line pt-5">
      <h2 id="rate-history-title" className="text-sm font-semibold text-ink">
        Rate in the last 30 days
      </h2>
      <div className="mt-2 min-h-12">
        {currentData ? (
          <Chart history={currentData} />
        ) : (
          <p className="text-sm text-slate">
            {isError ? 'The rate history is not available right now.' : MESSAGES.LOADING}
          </p>
        )}
      </div>
    </section>
  );
}
