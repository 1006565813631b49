import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@karta/shared/constants';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { formatNaira } from '../../../lib/format-money';

/** How it works and what turns it off, with the fee and the limits of the withdrawal terms. */
export function AutoWithdrawalHowItWorks({ terms }: { terms: WithdrawalTerms }) {
  return (
    <div className="rounded-[12px] bg-mist p-4 text-sm text-ink">
      <h3 className="font-semibold">How it works</h3>
      <p className="mt-2">
        When an operator approves your trade, we credit your wallet and at once send the amount,
        less the <span className="money">{formatNaira(terms.fee)}</span> fee, to your account. You
        will find it in your withdrawal history, marked Automatic.
      </p>
      <h3 className="mt-4 font-semibold">What turns it off</h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>You turn it off here, or delete the account it sends to.</li>
        <li>Your account is suspended.</li>
        <li>
          Withdrawals lock after {PIN_MAX_ATTEMPTS} wrong PINs (for {PIN_LOCK_MINUTES} minutes).
        </li>
        <li>A payout fails or your bank returns it: the money comes back to your wallet.</li>
      </ul>
      <p className="mt-3">
        We tell you each time, by notice and e-mail. A trade outside the limits (
        <span className="money">{formatNaira(terms.min_amount)}</span> to{' '}
        <span className="money">{formatNaira(terms.max_amount)}</span> at a time,{' '}
        <span className="money">{formatNaira(terms.daily_limit)}</span> a day) stays in your wallet,
        and automatic withdrawal stays on.
      </p>
    </div>
  );
}
