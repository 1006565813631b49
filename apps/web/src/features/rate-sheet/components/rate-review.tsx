import { RATE_FOUR_EYES_PERCENT, SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import { formatKoboForPeople } from '@karta/shared/money';
import { signedPercent } from '@karta/shared/rate-four-eyes';
import { Button } from '../../../components/ui/button';
import { ToneBadge } from '../../../components/ui/status-badge';
import { BIG_MOVE_PERCENT, MAX_PUBLISH, type RateChange } from '../rate-draft';

interface RateReviewProps {
  changes: RateChange[];
  isPublishing: boolean;
  onPublish: () => void;
  onBack: () => void;
  onCancel: () => void;
}

/**
 * The draft before it goes out: each change old → new with its move, big moves marked (a
 * typo such as 11800 for 1180 shows up here), then one Publish for all of them. A move of more
 * than RATE_FOUR_EYES_PERCENT is marked as waiting: publishing holds it back until a second
 * staff member confirms it (decision 049), by the same rule the API applies.
 */
export function RateReview({
  changes,
  isPublishing,
  onPublish,
  onBack,
  onCancel,
}: RateReviewProps) {
  const bigMoves = changes.filter((change) => change.isBigMove).length;
  const waiting = changes.filter((change) => change.waitsForSecondApproval).length;
  const tooMany = changes.length > MAX_PUBLISH;
  return (
    <section aria-labelledby="rate-review-title" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="rate-review-title" className="text-xl font-bold text-ink">
        Review {changes.length} rate {changes.length === 1 ? 'change' : 'changes'}
      </h2>
      <p className="mt-1 text-slate">
        Publishing sets every rate below at once, or none if any fails. Sellers see the new rates
        straight away{waiting > 0 ? ', except those that wait for a second approval' : ''}.
      </p>
      {bigMoves > 0 && (
        <p role="note" className="mt-3 rounded-[8px] bg-pending-bg p-3 font-medium text-ink">
          {bigMoves} {bigMoves === 1 ? 'rate moves' : 'rates move'} more than {BIG_MOVE_PERCENT} %.
          Check {bigMoves === 1 ? 'it' : 'them'} before you publish.
        </p>
      )}
      {waiting > 0 && (
        <p
          role="note"
          aria-label="Rates that wait"
          className="mt-3 rounded-[8px] bg-processing-bg p-3 font-medium text-ink"
        >
          {waiting} {waiting === 1 ? 'rate moves' : 'rates move'} more than {RATE_FOUR_EYES_PERCENT}{' '}
          %: {waiting === 1 ? 'it is' : 'they are'} not published until another staff member
          confirms {waiting === 1 ? 'it' : 'them'}. Sellers keep the rate in force until then.
        </p>
      )}
      <ul aria-label="Rate changes" className="mt-4 divide-y divide-line">
        {changes.map(({ entry, oldKobo, newKobo, percent, isBigMove, waitsForSecondApproval }) => (
          <li
            key={entry.id}
            data-big-move={isBigMove || undefined}
            data-waits={waitsForSecondApproval || undefined}
            className={`flex flex-wrap items-center justify-between gap-2 px-2 py-3 ${isBigMove ? 'bg-pending-bg' : ''}`}
          >
            <span className="font-medium text-ink">
              {entry.label} <span className="text-slate">({entry.currency})</span>
            </span>
            <span className="tabular-nums">
              {formatKoboForPeople(oldKobo)} → <strong>{formatKoboForPeople(newKobo)}</strong>{' '}
              <span className={isBigMove ? 'font-bold text-rejected' : 'text-slate'}>
                {signedPercent(percent)}
                {isBigMove && <span className="sr-only"> (more than {BIG_MOVE_PERCENT} %)</span>}
              </span>
            </span>
            {waitsForSecondApproval && (
              <ToneBadge tone="bg-processing-bg text-processing">
                {SECOND_APPROVAL_WAITING}: {signedPercent(percent)}
              </ToneBadge>
            )}
          </li>
        ))}
      </ul>
      {tooMany && (
        <p role="alert" className="mt-3 text-rejected">
          One publish takes at most {MAX_PUBLISH} changes. Filter the sheet and publish in parts.
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          onClick={onPublish}
          isLoading={isPublishing}
          loadingText="Publishing..."
          disabled={tooMany}
        >
          Publish {changes.length} {changes.length === 1 ? 'rate' : 'rates'}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={isPublishing}>
          Back to the sheet
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isPublishing}>
          Cancel the draft
        </Button>
      </div>
    </section>
  );
}
