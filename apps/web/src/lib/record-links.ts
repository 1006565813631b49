import { paths } from '../config/paths';

/** One of the two lists a record opens from, and the record's page under it. */
interface RecordList {
  list: { getHref: () => string };
  detail: { getHref: (id: string) => string };
}

/**
 * Trades and withdrawals each open from the overview or from the transaction history
 * (docs/product.md §2), and each keeps its own: the page sits under the list it came from, and "back"
 * returns there.
 */
export interface RecordRoutes {
  /** Singular, lower case ("trade"): it names the lists in the "back" links. */
  noun: string;
  overview: RecordList;
  transactionHistory: RecordList;
}

export interface BackLink {
  to: string;
  label: string;
}

const isInTransactionHistory = (pathname: string) =>
  pathname.startsWith(paths.dashboard.transactionHistory.getHref());

const getListOf = (routes: RecordRoutes, pathname: string) =>
  isInTransactionHistory(pathname) ? routes.transactionHistory : routes.overview;

/** A record's page under the list the user is in now. */
export const getRecordDetailHref = (routes: RecordRoutes, pathname: string, id: string) =>
  getListOf(routes, pathname).detail.getHref(id);

/**
 * Where a record page's "back" goes: the list it came from ("Back to trades" in the
 * transaction history, "Back to trade history" in the overview), with that list's filters
 * when the row that opened it left them in the router state.
 */
export function getRecordBackLink(
  routes: RecordRoutes,
  pathname: string,
  state: unknown,
): BackLink {
  const list = getListOf(routes, pathname).list.getHref();
  const from = (state as { from?: unknown } | null)?.from;
  return {
    to: typeof from === 'string' && from.startsWith(list) ? from : list,
    label: isInTransactionHistory(pathname)
      ? `Back to ${routes.noun}s`
      : `Back to ${routes.noun} history`,
  };
}
