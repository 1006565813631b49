import { useId } from 'react';
import { Link } from 'react-router';
import type { OverviewSection } from '../overview-tiles';

/** One group of figures; each tile is a link to the list behind its figure. */
export function OverviewTilesGrid({ section }: { section: OverviewSection }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-3 text-lg font-bold text-ink">
        {section.title}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {section.tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.href}
              className={`flex h-full min-h-11 flex-col rounded-[12px] border bg-white p-4 hover:border-brand focus-visible:outline-2 focus-visible:outline-brand ${tile.needsAttention ? 'border-pending' : 'border-line'}`}
            >
              <span className="text-sm font-semibold text-slate">{tile.label}</span>
              <span className="mt-1 text-2xl font-bold text-ink tabular-nums">{tile.value}</span>
              <span className="mt-1 text-sm text-slate">
                {tile.needsAttention && (
                  <span className="mr-1 rounded bg-pending-bg px-1.5 py-0.5 font-semibold text-pending">
                    Needs attention
                  </span>
                )}
                {tile.detail}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
