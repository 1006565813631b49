import type { DeskEvent } from '@karta/shared/schemas/withdrawal-desk';
import { formatLagosDateTime } from '../../../lib/format-date';

const SOURCE_WORDS: Record<DeskEvent['source'], string> = {
  withdrawal: 'Withdrawal',
  provider: 'Provider',
  webhook: 'Webhook',
  operator: 'Operator',
  alert: 'Alert',
};

const DOTS: Record<DeskEvent['source'], string> = {
  withdrawal: 'bg-brand',
  provider: 'bg-processing',
  webhook: 'bg-slate',
  operator: 'bg-ink',
  alert: 'bg-rejected',
};

/** The payout's story, oldest first, in Lagos time: its steps, the provider, people, alerts. */
export function DeskTimeline({ events }: { events: DeskEvent[] }) {
  if (events.length === 0) return <p className="text-slate">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Payout timeline" className="flex flex-col gap-4">
      {events.map((event, index) => (
        <li key={`${event.at}-${String(index)}`} className="flex gap-3">
          <span
            aria-hidden="true"
            className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${DOTS[event.source]}`}
          />
          <div className="min-w-0">
            <p className="font-semibold text-ink">
              <span className="sr-only">{SOURCE_WORDS[event.source]}: </span>
              {event.title}
            </p>
            <p className="text-sm text-slate">
              <time dateTime={event.at}>{formatLagosDateTime(event.at)}</time>
              {event.detail ? ` · ${event.detail}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
