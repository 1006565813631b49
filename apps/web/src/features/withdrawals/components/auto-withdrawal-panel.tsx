import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '@karta/shared/schemas/users';
import { PinPrompt } from '../../../components/layouts/pin-prompt';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useGetBeneficiariesQuery } from '../../../lib/beneficiaries-api';
import { useOpenDashboardModal } from '../../../lib/dashboard-modals';
import { useGetWithdrawalTermsQuery } from '../../../lib/withdrawal-terms-api';
import { AutoWithdrawalHowItWorks } from './auto-withdrawal-how-it-works';
import { AutoWithdrawalStatus } from './auto-withdrawal-status';

/**
 * What the settings show a seller: what is missing first (a verified BVN, a PIN), then the
 * switch and how it works, once the saved accounts and the withdrawal terms are in.
 */
export function AutoWithdrawalPanel({ user }: { user: User }) {
  const { pathname } = useLocation();
  const openModal = useOpenDashboardModal();
  const [isPinPromptHidden, setIsPinPromptHidden] = useState(false);
  const terms = useGetWithdrawalTermsQuery(user.id, { skip: !user.kyc_verified });
  const accounts = useGetBeneficiariesQuery(user.id, { skip: !user.kyc_verified });

  if (!user.kyc_verified) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-[12px] border border-gold bg-pending-bg p-4">
        <h3 className="font-semibold text-ink">Verify your BVN first</h3>
        <p className="text-sm text-ink">
          Money leaves Karta only for a seller whose Bank Verification Number is verified. It takes
          a minute, once.
        </p>
        <Link
          to={paths.dashboard.verifyBvn.getHref()}
          state={{ from: pathname }}
          className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-4 font-semibold text-white hover:bg-brand-deep"
        >
          Verify BVN
        </Link>
      </div>
    );
  }
  if (!user.has_pin) {
    return isPinPromptHidden ? (
      <p className="text-sm text-slate">
        Set a withdrawal PIN (Settings → Change PIN) to turn automatic withdrawal on.
      </p>
    ) : (
      <PinPrompt
        onSetPin={() => {
          openModal('changePin');
        }}
        onDismiss={() => {
          setIsPinPromptHidden(true);
        }}
      />
    );
  }
  if ((terms.isError && !terms.data) || (accounts.isError && !accounts.data)) {
    return (
      <LoadError
        message="We could not load your saved accounts and withdrawal terms."
        isRetrying={terms.isFetching || accounts.isFetching}
        onRetry={() => {
          void terms.refetch();
          void accounts.refetch();
        }}
      />
    );
  }
  if (!terms.data || !accounts.data) {
    return <Spinner label="Loading your saved accounts..." className="self-center py-8" />;
  }
  return (
    <>
      <AutoWithdrawalStatus
        user={user}
        state={user.auto_withdrawal}
        accounts={accounts.data}
        terms={terms.data}
      />
      <AutoWithdrawalHowItWorks terms={terms.data} />
    </>
  );
}
