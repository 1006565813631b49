import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { formatKoboForPeople } from '@karta/shared/money';

/**
 * The ceiling on any one credit a person decides (an approval, an adjustment): until a second
 * person must agree to large credits, it bounds what one mistaken or dishonest click can pay.
 */
export function checkSingleCredit(ctx: AppContext, amountKobo: bigint, field: string): void {
  const ceiling = ctx.config.maxSingleCreditKobo;
  if (amountKobo > ceiling) {
    throw new AppError(
      'BAD_REQUEST',
      TRADE_REVIEW_MESSAGES.creditAboveCeiling(formatKoboForPeople(ceiling)),
      { field },
    );
  }
}
