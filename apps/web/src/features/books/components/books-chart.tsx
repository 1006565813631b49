import { useId } from 'react';
import type { BooksDay } from '@karta/shared/schemas/books';
import { formatNaira } from '../../../lib/format-money';
import { formatDay } from '../lagos-days';

/** The chart shows the last 30 days of the range shown. */
const CHART_DAYS = 30;

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 20;

const SERIES = [
  { key: 'credited', name: 'Credited to sellers', fill: 'fill-brand', swatch: 'bg-brand' },
  { key: 'paid', name: 'Paid out to banks', fill: 'fill-processing', swatch: 'bg-processing' },
] as const;

const valueOf = (day: BooksDay, key: (typeof SERIES)[number]['key']) =>
  key === 'credited' ? day.credited : day.withdrawals_paid_amount;

/**
 * Naira credited and paid out a day, as paired bars in plain SVG (no chart library: the console
 * chunk stays small). Screen readers get the title and summary, and the figures as a table
 * under "Show the chart as a table".
 */
export function BooksChart({ days }: { days: BooksDay[] }) {
  const id = useId();
  const shown = days.slice(-CHART_DAYS);
  const highest = Math.max(1, ...shown.flatMap((day) => SERIES.map((s) => valueOf(day, s.key))));
  const slot = WIDTH / Math.max(shown.length, 1);
  const bar = Math.max(1, (slot - 2) / 2);
  const height = (naira: number) => (naira / highest) * (HEIGHT - AXIS);
  const first = shown[0];
  const last = shown.at(-1);

  return (
    <figure className="flex flex-col gap-3 rounded-[12px] border border-line bg-white p-4">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">
          Credited and paid out, last {shown.length} days
        </span>
        <span className="flex gap-4 text-sm text-slate">
          {SERIES.map((s) => (
            <span key={s.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.swatch}`} />
              {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        className="h-44 w-full"
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>Naira credited to sellers and paid out to banks, per day</title>
        <desc id={`${id}-desc`}>
          {first && last
            ? `From ${formatDay(first.day)} to ${formatDay(last.day)}; the highest day is ${formatNaira(highest)}.`
            : 'No days to show.'}
        </desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-line" />
        {shown.map((day, index) =>
          SERIES.map((s, n) => {
            const h = height(valueOf(day, s.key));
            return (
              <rect
                key={`${day.day}-${s.key}`}
                x={index * slot + 1 + n * bar}
                y={HEIGHT - AXIS - h}
                width={bar}
                height={h}
                className={s.fill}
              />
            );
          }),
        )}
      </svg>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">
          Show the chart as a table
        </summary>
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-slate">
              <th scope="col">Day</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col" className="text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="text-left font-normal">
                  {formatDay(day.day)}
                </th>
                {SERIES.map((s) => (
                  <td key={s.key} className="text-right tabular-nums">
                    {formatNaira(valueOf(day, s.key))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
