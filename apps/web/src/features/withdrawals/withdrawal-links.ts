import { paths } from '../../config/paths';

/** Withdrawals open from the overview or from the transaction history (spec §2); each keeps its own. */
const isInTransactionHistory = (pathname: string) =>
  pathname.startsWith(paths.dashboard.transactionHistory.getHref());

export const getWithdrawalDetailHref = (pathname: string, transactionId: string) =>
  isInTransactionHistory(pathname)
    ? paths.dashboard.withdrawalTransaction.getHref(transactionId)
    : paths.dashboard.withdrawalDetail.getHref(transactionId);

const getWithdrawalListHref = (pathname: string) =>
  isInTransactionHistory(pathname)
    ? paths.dashboard.withdrawals.getHref()
    : paths.dashboard.withdrawalHistory.getHref();

/** The two "back" links of a withdrawal, by the list it was opened from. */
export const BACK_LINKS = {
  fromTransactionHistory: {
    to: paths.dashboard.withdrawals.getHref(),
    label: 'Back to withdrawals',
  },
  fromOverview: {
    to: paths.dashboard.withdrawalHistory.getHref(),
    label: 'Back to withdrawal history',
  },
};

/** Where a detail page's "back" goes: the list it came from, with that list's filters. */
export function getBackLink(pathname: string, state: unknown): { to: string; label: string } {
  const list = getWithdrawalListHref(pathname);
  const from = (state as { from?: unknown } | null)?.from;
  const { label } = isInTransactionHistory(pathname)
    ? BACK_LINKS.fromTransactionHistory
    : BACK_LINKS.fromOverview;
  return { to: typeof from === 'string' && from.startsWith(list) ? from : list, label };
}
