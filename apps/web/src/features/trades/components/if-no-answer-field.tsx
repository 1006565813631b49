import { IF_NO_ANSWER_CHOICES, COUNTER_OFFER_HOURS } from '@karta/shared/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IF_NO_ANSWER_WORDS } from '../../../lib/if-no-answer';

const CARD =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-[12px] border bg-white p-3 text-sm';

/**
 * The seller's choice, before submitting, for an offer below the expected value that they do
 * not answer in time (decision 037). Declining is the default: nothing is paid without a yes.
 */
export function IfNoAnswerField({
  value,
  radio,
}: {
  value: string;
  radio: UseFormRegisterReturn<'ifNoAnswer'>;
}) {
  return (
    <fieldset aria-describedby="if-no-answer-hint">
      <legend className="mb-1.5 text-sm font-medium text-ink">
        If we offer less than the expected value
      </legend>
      <p id="if-no-answer-hint" className="mb-2 text-sm text-slate">
        If the card is worth less than expected, we ask you first: you accept or decline the offer.
        If you do not answer within {String(COUNTER_OFFER_HOURS)} hours:
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {IF_NO_ANSWER_CHOICES.map((choice) => (
          <label
            key={choice}
            className={`${CARD} ${value === choice ? 'border-brand bg-brand/5' : 'border-line'}`}
          >
            <input
              type="radio"
              value={choice}
              {...radio}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
            />
            <span className="text-ink">{IF_NO_ANSWER_WORDS[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
