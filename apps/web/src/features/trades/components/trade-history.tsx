import { HistoryListFrame } from '../../../components/history/history-list-frame';
import { paths } from '../../../config/paths';

/** Trade states (DESIGN §3); "All" sends no status (spec §7). */
const STATUS_OPTIONS = ['All', 'Pending', 'Approved', 'Rejected', 'Cancelled'];

/**
 * The user's trades, with their filters. Trades are created in the mobile app; until the
 * first one arrives this says so and points to the rates instead of showing an empty table.
 */
export function TradeHistory() {
  return (
    <HistoryListFrame
      noun="trades"
      statusOptions={STATUS_OPTIONS}
      illustration={
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <rect x="2" y="2" width="60" height="40" rx="6" fill="#D1FAE5" />
          <rect x="2" y="10" width="60" height="7" fill="#0B7A4B" />
          <rect x="40" y="28" width="14" height="6" rx="3" fill="#E8A317" />
        </svg>
      }
      emptyText="Trading is done in the Karta mobile app for iOS and Android: press Trade, enter the card amount, upload a photo of the card and create the trade. Each trade then shows up here with its rate, naira value and status."
      action={{
        to: paths.dashboard.rateCalculator.getHref(),
        label: 'See what your card is worth',
      }}
    />
  );
}
