import { useAppSelector } from '../../lib/store/hooks';
import { ChangePasswordModal } from '../../features/account/components/change-password-modal';
import { ChangePinModal } from '../../features/account/components/change-pin-modal';
import { DeactivateAccountModal } from '../../features/account/components/deactivate-account-modal';
import { DeleteAccountModal } from '../../features/account/components/delete-account-modal';
import { SignOutModal } from '../../features/account/components/sign-out-modal';
import { selectKnownUser } from '../../lib/session/auth-slice';
import type { DashboardModalName } from '../../lib/dashboard-modals';
import { RewardsModal } from '../../features/rewards/components/rewards-modal';

interface DashboardModalsProps {
  active: DashboardModalName | null;
  onClose: () => void;
}

/** Every dialog the shell can open; at most one is open at a time. */
export function DashboardModals({ active, onClose }: DashboardModalsProps) {
  const user = useAppSelector(selectKnownUser);
  return (
    <>
      <RewardsModal
        isOpen={active === 'rewards'}
        onClose={onClose}
        referralCode={user?.referral_code ?? ''}
      />
      <ChangePasswordModal isOpen={active === 'changePassword'} onClose={onClose} />
      <ChangePinModal isOpen={active === 'changePin'} onClose={onClose} />
      <DeactivateAccountModal isOpen={active === 'deactivate'} onClose={onClose} />
      <DeleteAccountModal isOpen={active === 'delete'} onClose={onClose} />
      <SignOutModal isOpen={active === 'signOut'} onClose={onClose} />
    </>
  );
}
