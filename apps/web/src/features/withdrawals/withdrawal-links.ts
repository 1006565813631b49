import { paths } from '../../config/paths';
import type { RecordRoutes } from '../../lib/record-links';

const { dashboard } = paths;

/** Where withdrawals are listed and opened (docs/product.md §2), by the transaction id. */
export const WITHDRAWAL_ROUTES: RecordRoutes = {
  noun: 'withdrawal',
  overview: { list: dashboard.withdrawalHistory, detail: dashboard.withdrawalDetail },
  transactionHistory: { list: dashboard.withdrawals, detail: dashboard.withdrawalTransaction },
};
