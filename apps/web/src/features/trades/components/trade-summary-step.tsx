import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';
import type { TradeFormValues } from '../trade-form-schema';
import { IF_NO_ANSWER_WORDS } from '../../../lib/if-no-answer';
import { expectedValueText } from '../trade-value';

interface TradeSummaryStepProps {
  values: TradeFormValues;
  onBack: () => void;
  onCreate: () => void;
  /** Upload progress from 0 to 100 while the trade is being created, else null. */
  progress: number | null;
  /** A failure the form has no field for. */
  problem: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 2 (docs/product.md §1): everything the user is about to send, then Create trade. */
/** The rows that are one figure each: kept on one line (the rest are words, and wrap). */
const FIGURES = new Set(['Card amount', 'Expected value']);

export function TradeSummaryStep({
  values,
  onBack,
  onCreate,
  progress,
  problem,
  headingRef,
}: TradeSummaryStepProps) {
  const { giftCard, subcategory, amount, comment, photos, ifNoAnswer } = values;
  if (!giftCard || !subcategory) return null;
  const isUploading = progress !== null;
  const photoCount = photos.length;
  const rows: [string, string][] = [
    ['Gift card', giftCard.name],
    ['Category', subcategory.name],
    ['Card amount', formatCardAmount(Number(amount), subcategory.currency)],
    ['Rate', `${formatNaira(subcategory.rate)} per ${currencySymbol(subcategory.currency)}1`],
    ['Expected value', expectedValueText(subcategory.rate, amount)],
    ['Photos', `${String(photoCount)} ${photoCount === 1 ? 'photo' : 'photos'}`],
    ['Comment', comment.trim() || 'No comment'],
    ['If we offer less', IF_NO_ANSWER_WORDS[ifNoAnswer]],
  ];

  return (
    <section aria-labelledby="trade-summary-title" className="flex flex-col gap-5">
      <h2
        id="trade-summary-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-ink outline-none"
      >
        Summary
      </h2>
      <dl className="divide-y divide-line rounded-[12px] border border-line">
        {rows.map(([term, detail]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
            <dt className="text-slate">{term}</dt>
            <dd
              className={`min-w-0 text-right font-semibold text-ink ${FIGURES.has(term) ? 'money' : 'break-words'}`}
            >
              {detail}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate">
        The rate is the one shown now; it is fixed when you create the trade. We review the card and
        credit the final value to your wallet once it is approved. If we can only offer less, we ask
        you first.
      </p>
      {isUploading && (
        <div className="flex flex-col gap-2">
          <ProgressBar label="Uploading your photos" percent={progress} />
          <p className="text-sm text-slate" aria-live="polite">
            {progress < 100
              ? `Uploading your photos: ${String(Math.round(progress))}%`
              : 'Photos sent. Creating your trade...'}
          </p>
        </div>
      )}
      {problem && (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-4 text-sm text-rejected">
          The trade was not created: {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isUploading}>
          Back
        </Button>
        <Button onClick={onCreate} isLoading={isUploading} loadingText="Creating trade...">
          Create trade
        </Button>
      </div>
    </section>
  );
}
