import type { User } from '@karta/shared/schemas/users';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { selectUser } from '../../../lib/session/auth-slice';
import { useGetWithdrawalTermsQuery } from '../../../lib/withdrawal-terms-api';
import { toLimits } from '../withdraw-form-schema';
import { WithdrawFlow } from './withdraw-flow';
import { useGetBeneficiariesQuery } from '../../../lib/beneficiaries-api';
import { useGetWalletQuery } from '../../../lib/wallet-api';

/**
 * The withdraw screen's door: a user without a verified BVN goes to verify it first and is
 * brought back here (router state); everyone else gets the fee, the limits and a fresh balance
 * before the form shows, so its numbers are never stale.
 */
export function WithdrawPage() {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  if (!user) return null;
  if (!user.kyc_verified) {
    return <Navigate to={paths.dashboard.verifyBvn.getHref()} replace state={{ from: pathname }} />;
  }
  return <WithdrawScreen user={user} />;
}

function WithdrawScreen({ user }: { user: User }) {
  const terms = useGetWithdrawalTermsQuery(user.id, { refetchOnMountOrArgChange: true });
  const wallet = useGetWalletQuery(user.id, { refetchOnMountOrArgChange: true });
  const beneficiaries = useGetBeneficiariesQuery(user.id);
  const refresh = () => {
    void terms.refetch();
    void wallet.refetch();
  };

  if (terms.data && wallet.data) {
    return (
      <WithdrawFlow
        user={user}
        limits={toLimits(terms.data, wallet.data)}
        list={{
          accounts: beneficiaries.data ?? [],
          isLoading: beneficiaries.isLoading,
          isError: beneficiaries.isError && !beneficiaries.data,
          isRetrying: beneficiaries.isFetching,
          onRetry: () => void beneficiaries.refetch(),
        }}
        onRefreshLimits={refresh}
      />
    );
  }
  const isFailed = (terms.isError && !terms.data) || (wallet.isError && !wallet.data);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink md:text-3xl">Withdraw to your bank</h1>
      {isFailed ? (
        <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
          <p className="text-sm text-rejected">
            We could not load your balance and withdrawal limits.
          </p>
          <Button
            variant="secondary"
            isLoading={terms.isFetching || wallet.isFetching}
            loadingText="Loading..."
            onClick={refresh}
          >
            Try again
          </Button>
        </div>
      ) : (
        <Spinner label="Loading your balance and limits..." className="self-center py-8" />
      )}
    </div>
  );
}
