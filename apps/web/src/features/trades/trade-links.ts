import { paths } from '../../config/paths';

/** Trades open from the overview or from the transaction history (spec §2); each keeps its own. */
const isInTransactionHistory = (pathname: string) =>
  pathname.startsWith(paths.dashboard.transactionHistory.getHref());

export const getTradeDetailHref = (pathname: string, tradeId: string) =>
  isInTransactionHistory(pathname)
    ? paths.dashboard.tradeTransaction.getHref(tradeId)
    : paths.dashboard.tradeDetail.getHref(tradeId);

const getTradeListHref = (pathname: string) =>
  isInTransactionHistory(pathname)
    ? paths.dashboard.trades.getHref()
    : paths.dashboard.tradeHistory.getHref();

/** Where a detail page's "back" goes: the list it came from, with that list's filters. */
export function getBackLink(pathname: string, state: unknown): { to: string; label: string } {
  const list = getTradeListHref(pathname);
  const from = (state as { from?: unknown } | null)?.from;
  return {
    to: typeof from === 'string' && from.startsWith(list) ? from : list,
    label: isInTransactionHistory(pathname) ? 'Back to trades' : 'Back to trade history',
  };
}
