import { paths } from '../../config/paths';
import type { RecordRoutes } from '../../lib/record-links';

const { dashboard } = paths;

/** Where trades are listed and opened (docs/product.md §2), by the trade's id. */
export const TRADE_ROUTES: RecordRoutes = {
  noun: 'trade',
  overview: { list: dashboard.tradeHistory, detail: dashboard.tradeDetail },
  transactionHistory: { list: dashboard.trades, detail: dashboard.tradeTransaction },
};
