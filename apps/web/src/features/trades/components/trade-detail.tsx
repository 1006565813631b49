import { TRADE_UNDECIDED_STATUSES } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import type { ReactNode } from 'react';
import { RecordDetail } from '../../../components/history/record-detail';
import { useGetTradeQuery } from '../api';
import { TRADE_ROUTES } from '../trade-links';
import { TradeView } from './trade-view';

const isUndecided = (status: Trade['status']) =>
  (TRADE_UNDECIDED_STATUSES as readonly string[]).includes(status);

/**
 * One trade: reference, status, what happened when, the numbers, the photos, and a way to
 * cancel while it is pending.
 */
export function TradeDetail({
  conversation,
}: {
  /** What goes under the trade: its conversation with the Karta team (app/ composes it). */
  conversation?: (trade: Trade, userId: string) => ReactNode;
} = {}) {
  return (
    <RecordDetail<Trade>
      routes={TRADE_ROUTES}
      useRecord={useGetTradeQuery}
      // An addition to an approved trade's credit may wait for a second approval too.
      isMoving={(trade) => isUndecided(trade.status) || trade.is_waiting_second_approval}
      render={(trade, { userId, back }) => (
        <TradeView
          trade={trade}
          userId={userId}
          back={back}
          conversation={conversation?.(trade, userId)}
        />
      )}
    />
  );
}
