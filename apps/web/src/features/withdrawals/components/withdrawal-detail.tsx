import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * One withdrawal. It opens from the overview or from the transaction history, and "back"
 * returns to the list it was opened from.
 */
export function WithdrawalDetail() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const isFromHistory = pathname.startsWith(paths.dashboard.transactionHistory.getHref());
  const back = isFromHistory
    ? { to: paths.dashboard.withdrawals.getHref(), label: 'Back to withdrawals' }
    : { to: paths.dashboard.withdrawalHistory.getHref(), label: 'Back to withdrawal history' };
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center md:py-14">
      <span
        aria-hidden="true"
        className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-pending-bg text-2xl font-bold text-pending"
      >
        ?
      </span>
      <h1 className="text-2xl font-bold text-ink">We could not find this withdrawal</h1>
      <p className="mt-2 text-slate">
        There is no withdrawal with the reference{' '}
        <span className="font-semibold break-all text-ink">{id}</span> in your account. Check the
        link, or find the withdrawal in your history.
      </p>
      <Link
        to={back.to}
        className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
      >
        {back.label}
      </Link>
    </section>
  );
}
