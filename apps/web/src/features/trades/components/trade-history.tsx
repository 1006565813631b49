import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Trade states (DESIGN §3); "All" sends no status (spec §7). */
const STATUS_OPTIONS = ['All', 'Pending', 'Approved', 'Rejected', 'Cancelled'];

const FIELD =
  'min-h-11 w-full rounded-[12px] border border-line bg-mist px-3 text-base text-slate disabled:cursor-not-allowed';

/**
 * The user's trades, with their filters. Trades are created in the mobile app; until the
 * first one arrives this says so and points to the rates instead of showing an empty table.
 */
export function TradeHistory() {
  const statusId = useId();
  const dateId = useId();
  const noteId = useId();
  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label="Filter trades"
        aria-describedby={noteId}
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <fieldset disabled className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={statusId} className="text-sm font-medium text-ink">
              Status
            </label>
            <select id={statusId} defaultValue="All" className={FIELD}>
              {STATUS_OPTIONS.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={dateId} className="text-sm font-medium text-ink">
              Date
            </label>
            <input id={dateId} type="date" className={FIELD} />
          </div>
        </fieldset>
        <p id={noteId} className="mt-2 text-sm text-slate">
          Filters switch on once you have trades to sort.
        </p>
      </form>

      <section
        aria-label="Trades"
        className="flex flex-col items-center rounded-[12px] border border-dashed border-line px-6 py-10 text-center"
      >
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <rect x="2" y="2" width="60" height="40" rx="6" fill="#D1FAE5" />
          <rect x="2" y="10" width="60" height="7" fill="#0B7A4B" />
          <rect x="40" y="28" width="14" height="6" rx="3" fill="#E8A317" />
        </svg>
        <h3 className="text-lg font-bold text-ink">No trades yet</h3>
        <p className="mt-2 max-w-md text-slate">
          Trading is done in the Karta mobile app for iOS and Android: press Trade, enter the card
          amount, upload a photo of the card and create the trade. Each trade then shows up here
          with its rate, naira value and status.
        </p>
        <Link
          to={paths.dashboard.rateCalculator.getHref()}
          className="mt-5 inline-flex min-h-11 items-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
        >
          See what your card is worth
        </Link>
      </section>
    </div>
  );
}
