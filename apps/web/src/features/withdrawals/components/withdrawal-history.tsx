import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Withdrawal states (DESIGN §3); "All" sends no status (spec §7). */
const STATUS_OPTIONS = ['All', 'Pending', 'Processing', 'Successful', 'Failed'];

const FIELD =
  'min-h-11 w-full rounded-[12px] border border-line bg-mist px-3 text-base text-slate disabled:cursor-not-allowed';

/**
 * The user's withdrawals, with their filters. Money reaches the wallet through approved
 * trades, so the empty state explains that order instead of showing an empty table.
 */
export function WithdrawalHistory() {
  const statusId = useId();
  const dateId = useId();
  const noteId = useId();
  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label="Filter withdrawals"
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
          Filters switch on once you have withdrawals to sort.
        </p>
      </form>

      <section
        aria-label="Withdrawals"
        className="flex flex-col items-center rounded-[12px] border border-dashed border-line px-6 py-10 text-center"
      >
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <path d="M6 16 32 3l26 13z" fill="#0B7A4B" />
          <rect x="10" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="29" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="48" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="4" y="37" width="56" height="5" rx="2" fill="#E8A317" />
        </svg>
        <h3 className="text-lg font-bold text-ink">No withdrawals yet</h3>
        <p className="mt-2 max-w-md text-slate">
          When an approved trade puts naira in your wallet, you can send it to your bank account.
          Each withdrawal then shows up here with its amount, the bank account and its status.
        </p>
        <Link
          to={paths.dashboard.withdrawalAccounts.getHref()}
          className="mt-5 inline-flex min-h-11 items-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
        >
          See your withdrawal accounts
        </Link>
      </section>
    </div>
  );
}
