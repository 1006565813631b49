import type { ConsoleOverview } from '@karta/shared/schemas/console-overview';
import type { PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { consolePaths } from '../../../config/console-paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { ResolveAlertDialog } from './resolve-alert-dialog';

/**
 * Payouts the provider paid after we had refunded them: money that left twice. Each links to
 * its withdrawal; an admin resolves one with a note once the money is dealt with.
 */
export function PayoutAlertsPanel({
  alerts,
  canResolve,
}: {
  alerts: ConsoleOverview['payout_alerts'];
  canResolve: boolean;
}) {
  const titleId = useId();
  const [resolving, setResolving] = useState<PayoutAlert | null>(null);
  if (alerts.open_count === 0) return null;
  const more = alerts.open_count - alerts.open.length;
  return (
    <section aria-labelledby={titleId} className="rounded-[12px] bg-rejected-bg p-4">
      <h2 id={titleId} className="font-bold text-rejected">
        {alerts.open_count === 1
          ? '1 payout was paid after it was refunded'
          : `${alerts.open_count.toLocaleString('en-NG')} payouts were paid after they were refunded`}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {alerts.open.map((alert) => (
          <li
            key={alert.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-[12px] bg-white p-3"
          >
            <div className="min-w-0 flex-1">
              <Link
                to={consolePaths.withdrawal.getHref(alert.withdrawal_id)}
                className="font-semibold break-all text-brand underline hover:text-brand-deep"
              >
                {alert.transaction_id}
              </Link>
              <p className="text-sm text-slate">
                {alert.detail} Raised {formatLagosDateTime(alert.created_at)}.
              </p>
            </div>
            {canResolve && (
              <Button
                variant="secondary"
                aria-haspopup="dialog"
                aria-label={`Resolve the alert on ${alert.transaction_id}`}
                onClick={() => {
                  setResolving(alert);
                }}
              >
                Resolve
              </Button>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-2 text-sm text-rejected">
          And {more.toLocaleString('en-NG')} more on the{' '}
          <Link to={consolePaths.withdrawals.getHref({ status: 'failed' })} className="underline">
            money desk
          </Link>
          .
        </p>
      )}
      {!canResolve && (
        <p className="mt-2 text-sm text-rejected">
          An admin resolves these once the money is dealt with.
        </p>
      )}
      <ResolveAlertDialog
        alert={resolving}
        onClose={() => {
          setResolving(null);
        }}
      />
    </section>
  );
}
