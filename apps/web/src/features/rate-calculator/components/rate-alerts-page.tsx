import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RATE_ALERTS_MAX } from '@karta/shared/rate-alert-rules';
import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import { DeleteIconButton } from '../../../components/ui/delete-icon-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { currencySymbol, formatNaira } from '../../../lib/format-money';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetRateAlertsQuery } from '../api';
import { DeleteRateAlertDialog } from './delete-rate-alert-dialog';

const perUnit = (alert: RateAlert) => `per ${currencySymbol(alert.currency)}1`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate">{label}</dt>
      <dd className="text-sm text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function AlertItem({ alert, onDelete }: { alert: RateAlert; onDelete: () => void }) {
  const name = `${alert.card_name} ${alert.subcategory_name}`;
  return (
    <li className="flex items-start justify-between gap-3 rounded-[12px] border border-line bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{alert.card_name}</p>
        <p className="text-sm text-slate">{alert.subcategory_name}</p>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <Fact label="Alert at">
            {formatNaira(alert.target_rate)} {perUnit(alert)}
          </Fact>
          <Fact label="Rate now">
            {alert.is_on_sale ? formatNaira(alert.current_rate) : 'Not buying now'}
          </Fact>
          <Fact label="Last fired">
            {alert.last_fired_at && alert.last_fired_rate !== null
              ? `${formatLagosDateTime(alert.last_fired_at)} at ${formatNaira(alert.last_fired_rate)}`
              : 'Not yet'}
          </Fact>
        </dl>
      </div>
      <DeleteIconButton label={`Delete the alert for ${name}`} onClick={onDelete} />
    </li>
  );
}

/** Settings › Rate alerts (decision 039): every alert with its target, today's rate and when it last fired. */
export function RateAlertsPage() {
  const userId = useAppSelector(selectUserId) ?? '';
  const { data, isLoading, isError, isFetching, refetch } = useGetRateAlertsQuery(userId, {
    skip: !userId,
  });
  const [toDelete, setToDelete] = useState<RateAlert | null>(null);

  return (
    <section aria-labelledby="rate-alerts-title" className="flex flex-col gap-5">
      <div>
        <h2 id="rate-alerts-title" className="text-xl font-bold text-ink">
          Rate Alerts
        </h2>
        <p className="mt-1 text-sm text-slate">
          We tell you by e-mail and in your notices when a rate goes up to your alert, at most once
          a day for each. You can keep up to {RATE_ALERTS_MAX}.
        </p>
      </div>

      {isLoading || !userId ? (
        <Spinner label="Loading your rate alerts..." className="self-center py-8" />
      ) : isError ? (
        <LoadError
          message="We could not load your rate alerts."
          isRetrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !data?.length ? (
        <EmptyState title="No rate alerts yet.">
          <p className="mt-1 text-sm text-slate">
            Choose a card on the{' '}
            <Link
              to={paths.dashboard.rateCalculator.getHref()}
              className="font-semibold text-brand underline hover:text-brand-deep"
            >
              rate calculator
            </Link>{' '}
            and set the rate you want: we tell you when it gets there.
          </p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Your rate alerts" className="grid gap-3 md:grid-cols-2">
            {data.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                onDelete={() => {
                  setToDelete(alert);
                }}
              />
            ))}
          </ul>
          <Link
            to={paths.dashboard.rateCalculator.getHref()}
            className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand underline hover:text-brand-deep"
          >
            Set another alert on the rate calculator
          </Link>
        </>
      )}

      <DeleteRateAlertDialog
        alert={toDelete}
        userId={userId}
        onClose={() => {
          setToDelete(null);
        }}
      />
    </section>
  );
}
