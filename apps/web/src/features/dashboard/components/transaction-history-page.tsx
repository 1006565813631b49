import { Outlet } from 'react-router';
import { paths } from '../../../config/paths';
import { TabLinks } from '../../../components/ui/tab-links';

const TABS = [
  { label: 'Trades', to: paths.dashboard.trades.getHref() },
  { label: 'Withdrawal', to: paths.dashboard.withdrawals.getHref() },
];

/** Every trade and withdrawal of the account, one tab each. */
export function TransactionHistoryPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Transaction History</h1>
        <p className="mt-1 text-slate">Your trades and withdrawals, newest first.</p>
      </div>
      <section aria-labelledby="transactions-title" className="rounded-[12px] bg-white p-4 md:p-6">
        <h2 id="transactions-title" className="sr-only">
          Transactions
        </h2>
        <TabLinks label="Transaction type" tabs={TABS} />
        <div className="pt-5">
          <Outlet />
        </div>
      </section>
    </div>
  );
}
