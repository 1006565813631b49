import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { RecordDetail } from '../../../components/history/record-detail';
import { useGetWithdrawalQuery } from '../api';
import { WITHDRAWAL_ROUTES } from '../withdrawal-links';
import { WithdrawalView } from './withdrawal-view';

/**
 * One withdrawal, by its transaction id: status, timeline, the numbers and the account, and
 * why it failed or came back.
 */
export function WithdrawalDetail() {
  return (
    <RecordDetail<Withdrawal>
      routes={WITHDRAWAL_ROUTES}
      useRecord={useGetWithdrawalQuery}
      isMoving={(withdrawal) =>
        withdrawal.status === 'pending' || withdrawal.status === 'processing'
      }
      render={(withdrawal, { back }) => <WithdrawalView withdrawal={withdrawal} back={back} />}
    />
  );
}
