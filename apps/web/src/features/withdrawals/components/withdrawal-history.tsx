import { HistoryListFrame } from '../../../components/history/history-list-frame';
import { paths } from '../../../config/paths';

/** Withdrawal states (DESIGN §3); the frame puts "All" (no status, spec §7) first. */
const STATUSES = ['pending', 'processing', 'successful', 'failed'] as const;

/**
 * The user's withdrawals, with their filters. Money reaches the wallet through approved
 * trades, so the empty state explains that order instead of showing an empty table.
 */
export function WithdrawalHistory() {
  return (
    <HistoryListFrame
      noun="withdrawals"
      statuses={STATUSES}
      illustration={
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <path d="M6 16 32 3l26 13z" fill="#0B7A4B" />
          <rect x="10" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="29" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="48" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="4" y="37" width="56" height="5" rx="2" fill="#E8A317" />
        </svg>
      }
      emptyText="When an approved trade puts naira in your wallet, you can send it to your bank account. Each withdrawal then shows up here with its amount, the bank account and its status."
      action={{
        to: paths.dashboard.withdrawalAccounts.getHref(),
        label: 'See your withdrawal accounts',
      }}
    />
  );
}
