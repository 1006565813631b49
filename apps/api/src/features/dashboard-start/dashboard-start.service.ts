import { DASHBOARD_FIRST_TRADES, type DashboardStart } from '@karta/shared/schemas/dashboard-start';
import { TradeListQuerySchema } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import { listUserTrades } from '../trades/trades.service';
import { getWallet } from '../wallet/wallet.service';

/** The first page of trades, parsed as `listTrades` parses `?page=1&size=10`. */
const FIRST_TRADES_QUERY = TradeListQuerySchema.parse(DASHBOARD_FIRST_TRADES);

/**
 * The dashboard's first data for the refresh's answer (decision 077): what `getWallet` and
 * `listTrades` answer the same user, read by the same services, so the two never differ.
 */
export async function readDashboardStart(ctx: AppContext, userId: string): Promise<DashboardStart> {
  const [wallet, trades] = await Promise.all([
    getWallet(ctx, userId),
    listUserTrades(ctx, { userId, query: FIRST_TRADES_QUERY }),
  ]);
  return { wallet, trades };
}
