import { useId } from 'react';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { AutoWithdrawalPanel } from './auto-withdrawal-panel';

/**
 * Settings → Automatic withdrawal (decision 038): each approved trade goes straight
 * to a saved account, less the fee. Turned on with the PIN; the page says what it costs and
 * what stops it, and leads a seller without a BVN, a PIN or a saved account to what is missing.
 */
export function AutoWithdrawalSettings() {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex max-w-2xl flex-col gap-5">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-ink">
          Automatic Withdrawal
        </h2>
        <p className="mt-1 text-sm text-slate">
          Send each approved trade straight to your bank, without asking each time.
        </p>
      </div>
      {user && <AutoWithdrawalPanel user={user} />}
    </section>
  );
}
