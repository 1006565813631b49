import { TRADE_STATUSES, type TradeStatus } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import { HistoryList } from '../../../components/history/history-list';
import { paths } from '../../../config/paths';
import { useGetTradesQuery } from '../api';
import { TradeRow } from './trade-row';

/** The user's trades, newest first, with status and date filters and pages of ten. */
export function TradeHistory() {
  return (
    <HistoryList<Trade, TradeStatus>
      noun="trades"
      statuses={TRADE_STATUSES}
      useRecords={useGetTradesQuery}
      renderRow={(trade) => <TradeRow key={trade.id} trade={trade} />}
      illustration={
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <rect x="2" y="2" width="60" height="40" rx="6" fill="#D1FAE5" />
          <rect x="2" y="10" width="60" height="7" fill="#0B7A4B" />
          <rect x="40" y="28" width="14" height="6" rx="3" fill="#E8A317" />
        </svg>
      }
      emptyText="Press Trade, choose your card, enter the card amount, add a photo of the card and create the trade (on the web or in the Karta mobile app). Each trade then shows up here with its rate, naira value and status."
      action={{ to: paths.dashboard.trade.getHref(), label: 'Trade a gift card' }}
    />
  );
}
