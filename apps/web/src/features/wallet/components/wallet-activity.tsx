import type { StatementEntry } from '@karta/shared/schemas/wallet';
import { useState } from 'react';
import { useAppSelector } from '../../../lib/store/hooks';
import { Pagination } from '../../../components/history/pagination';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useGetStatementQuery } from '../api';

/** Money in shows with a plus; money out (a withdrawal's hold) with a minus. */
const signed = (naira: number) => `${naira > 0 ? '+' : '−'}${formatNaira(Math.abs(naira))}`;

function ActivityRow({ entry }: { entry: StatementEntry }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{entry.description}</p>
        <p className="text-sm text-slate">
          {formatLagosDateTime(entry.created_at)}
          {entry.reference && !entry.description.includes(entry.reference)
            ? ` · ${entry.reference}`
            : ''}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`money font-semibold ${entry.amount > 0 ? 'text-approved' : 'text-ink'}`}>
          {signed(entry.amount)}
        </p>
        <p className="money text-sm text-slate">Balance {formatNaira(entry.balance_after)}</p>
      </div>
    </li>
  );
}

/**
 * Every movement of the wallet, newest first, with the balance it left: where each naira came
 * from (approved trades, referral rewards, returned withdrawals) and where it went.
 */
export function WalletActivity() {
  const user = useAppSelector(selectUser);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useGetStatementQuery(
    { userId: user?.id ?? '', page },
    { skip: !user },
  );
  return (
    <section aria-labelledby="activity-title" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="activity-title" className="text-lg font-bold text-ink">
        Wallet activity
      </h2>
      {isLoading ? (
        <p role="status" className="mt-3 text-slate">
          Loading your wallet activity...
        </p>
      ) : isError ? (
        <p className="mt-3 text-slate">
          We could not load your wallet activity.{' '}
          <button
            type="button"
            className="font-semibold text-brand underline"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </p>
      ) : data && data.data.length > 0 ? (
        <>
          <ul className="divide-y divide-line">
            {data.data.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pagination
            label="Wallet activity pages"
            page={page}
            totalPages={data.meta.totalPages}
            onPageChange={setPage}
          />
        </>
      ) : (
        <p className="mt-3 text-slate">
          Nothing yet. When a trade is approved, its naira shows here, and so does every withdrawal.
        </p>
      )}
    </section>
  );
}
