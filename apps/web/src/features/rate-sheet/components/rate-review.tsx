import { formatKoboForPeople } from '@karta/shared/money';
import { Button } from '../../../components/ui/button';
import { BIG_MOVE_PERCENT, MAX_PUBLISH, type RateChange } from '../rate-draft';

interface RateReviewProps {
  changes: RateChange[];
  isPublishing: boolean;
  onPublish: () => void;
  onBack: () => void;
  onCancel: () => void;
}

const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(1)} %`;

/**
 * The draft before it goes out: each change old → new with its move, big moves marked (a
 * typo such as 11800 for 1180 shows up here), then one Publish for all of them.
 */
export function RateReview({
  changes,
  isPublishing,
  onPublish,
  onBack,
  onCancel,
}: RateReviewProps) {
  const bigMoves = changes.filter((change) => change.isBigMove).length;
  const tooMany = changes.length > MAX_PUBLISH;
  return (
    <section aria-labelledby="rate-review-title" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="rate-review-title" className="text-xl font-bold text-ink">
        Review {changes.length} rate {changes.length === 1 ? 'change' : 'changes'}
      </h2>
      <p className="mt-1 text-slate">
        Publishing sets every rate below at once, or none if any fails. Sellers see the new rates
        straight away.
      </p>
      {bigMoves > 0 && (
        <p role="note" className="mt-3 rounded-[8px] bg-pending-bg p-3 font-medium text-ink">
          {bigMoves} {bigMoves === 1 ? 'rate moves' : 'rates move'} more than {BIG_MOVE_PERCENT} %.
          Check {bigMoves === 1 ? 'it' : 'them'} before you publish.
        </p>
      )}
      <ul aria-label="Rate changes" className="mt-4 divide-y divide-line">
        {changes.map(({ entry, oldKobo, newKobo, percent, isBigMove }) => (
          <li
            key={entry.id}
            data-big-move={isBigMove || undefined}
            className={`flex flex-wrap items-center justify-between gap-2 px-2 py-3 ${isBigMove ? 'bg-pending-bg' : ''}`}
          >
            <span className="font-medium text-ink">
              {entry.label} <span className="text-slate">({entry.currency})</span>
            </span>
            <span className="tabular-nums">
              {formatKoboForPeople(oldKobo)} → <strong>{formatKoboForPeople(newKobo)}</strong>{' '}
              <span className={isBigMove ? 'font-bold text-rejected' : 'text-slate'}>
                {signed(percent)}
                {isBigMove && <span className="sr-only"> (more than {BIG_MOVE_PERCENT} %)</span>}
              </span>
            </span>
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
