import { useId } from 'react';
import { statusLabel, type Status } from '../ui/status-badge';
import type { HistoryFilterControls } from './use-history-filters';

const FIELD =
  'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink disabled:cursor-not-allowed disabled:bg-mist disabled:text-slate';

interface HistoryFiltersProps {
  noun: string;
  statuses: readonly Status[];
  /** Without controls the fields are shown switched off (a list that is always empty). */
  controls: HistoryFilterControls | undefined;
  isDisabled: boolean;
  /** Off when the list itself offers to clear the filters. */
  canClear: boolean;
}

/** Status and date filters of a history list: one day, or a range when "To" is filled in. */
export function HistoryFiltersForm({
  noun,
  statuses,
  controls,
  isDisabled,
  canClear,
}: HistoryFiltersProps) {
  const statusId = useId();
  const dateId = useId();
  const toId = useId();
  const noteId = useId();
  const filters = controls?.filters;
  return (
    <form
      role="search"
      aria-label={`Filter ${noun}`}
      aria-describedby={isDisabled ? noteId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <fieldset disabled={isDisabled} className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium text-ink">
            Status
          </label>
          <select
            id={statusId}
            value={filters?.status ?? ''}
            onChange={(event) => controls?.setFilter('status', event.target.value)}
            className={FIELD}
          >
            <option value="">All</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dateId} className="text-sm font-medium text-ink">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            value={filters?.date ?? ''}
            max={filters?.to || undefined}
            onChange={(event) => controls?.setFilter('date', event.target.value)}
            className={FIELD}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={toId} className="text-sm font-medium text-ink">
            To <span className="font-normal text-slate">(optional, for a range)</span>
          </label>
          <input
            id={toId}
            type="date"
            value={filters?.to ?? ''}
            min={filters?.date || undefined}
            onChange={(event) => controls?.setFilter('to', event.target.value)}
            className={FIELD}
          />
        </div>
      </fieldset>
      {isDisabled ? (
        <p id={noteId} className="mt-2 text-sm text-slate">
          Filters switch on once you have {noun} to sort.
        </p>
      ) : (
        canClear &&
        controls?.hasActiveFilters && (
          <button
            type="button"
            onClick={controls.clear}
            className="mt-2 min-h-11 rounded-[12px] px-2 text-sm font-semibold text-brand underline hover:text-brand-deep"
          >
            Clear filters
          </button>
        )
      )}
    </form>
  );
}
