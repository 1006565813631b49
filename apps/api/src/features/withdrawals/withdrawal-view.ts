import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { koboToNaira } from '@karta/shared/money';
import type { WithdrawalRow } from './withdrawals.repository';

type Timeline = Withdrawal['timeline'];

function timelineOf(row: WithdrawalRow): Timeline {
  const timeline: Timeline = [{ status: 'requested', at: row.createdAt.toISOString() }];
  if (row.processingAt) timeline.push({ status: 'processing', at: row.processingAt.toISOString() });
  if (row.completedAt && (row.status === 'successful' || row.status === 'failed')) {
    timeline.push({ status: row.status, at: row.completedAt.toISOString() });
  }
  if (row.reversedAt) timeline.push({ status: 'reversed', at: row.reversedAt.toISOString() });
  return timeline;
}

export function toWithdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    transaction_id: row.reference,
    amount: koboToNaira(row.amountKobo),
    fee: koboToNaira(row.feeKobo),
    total: koboToNaira(row.amountKobo + row.feeKobo),
    status: row.status,
    bank_name: row.bankName,
    account_name: row.accountName,
    account_number: row.accountNumber,
    failure_reason: row.failureReason,
    is_automatic: row.tradeId !== null,
    trade_id: row.tradeId,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    reversed_at: row.reversedAt?.toISOString() ?? null,
    timeline: timelineOf(row),
  };
}
