import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

const FIELD =
  'min-h-11 w-full rounded-[12px] border border-line bg-mist px-3 text-base text-slate disabled:cursor-not-allowed';

type Props = {
  /** Plural noun in lower case, e.g. "trades"; it names the filters, the list and the empty state. */
  noun: string;
  /** The record's states (DESIGN §3), starting with "All", which sends no status (spec §7). */
  statusOptions: readonly string[];
  illustration: ReactNode;
  /** What the empty state says about how the first record arrives. */
  emptyText: string;
  action: { to: string; label: string };
};

/**
 * A history list with its status and date filters. Until the first record arrives the
 * filters stay switched off and the list shows an empty state instead of an empty table.
 */
export function HistoryListFrame({ noun, statusOptions, illustration, emptyText, action }: Props) {
  const statusId = useId();
  const dateId = useId();
  const noteId = useId();
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label={`Filter ${noun}`}
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
              {statusOptions.map((status) => (
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
          Filters switch on once you have {noun} to sort.
        </p>
      </form>

      <section
        aria-label={title}
        className="flex flex-col items-center rounded-[12px] border border-dashed border-line px-6 py-10 text-center"
      >
        {illustration}
        <h3 className="text-lg font-bold text-ink">No {noun} yet</h3>
        <p className="mt-2 max-w-md text-slate">{emptyText}</p>
        <Link
          to={action.to}
          className="mt-5 inline-flex min-h-11 items-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
        >
          {action.label}
        </Link>
      </section>
    </div>
  );
}
