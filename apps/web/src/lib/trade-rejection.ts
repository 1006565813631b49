import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';

/** Why a trade was rejected, in words: the code's words when the API sent only the code. */
export const getRejectionWords = (trade: Pick<Trade, 'rejection_reason' | 'rejection_code'>) =>
  trade.rejection_reason ??
  (trade.rejection_code ? TRADE_REJECTION_REASONS[trade.rejection_code] : null);
