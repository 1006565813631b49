import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { formatKobo } from '../../../lib/format-money';
import type { Destination } from '../withdraw-request';

interface WithdrawConfirmStepProps {
  destination: Destination;
  amountKobo: number;
  feeKobo: number;
  /** A new account the user asked to keep. */
  isSavingAccount: boolean;
  onBack: () => void;
  onConfirm: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 2 (docs/product.md §1): everything about to happen, the account number shown whole (docs/brand.md). */
/** The rows that are one figure each: kept on one line (the rest are words, and wrap). */
const FIGURES = new Set(['Account number', 'Amount', 'Fee', 'Total']);

export function WithdrawConfirmStep({
  destination,
  amountKobo,
  feeKobo,
  isSavingAccount,
  onBack,
  onConfirm,
  headingRef,
}: WithdrawConfirmStepProps) {
  const rows: [string, string][] = [
    ['Bank', destination.bankName],
    ['Account name', destination.accountName],
    ['Account number', destination.accountNumber],
    ['Amount', formatKobo(amountKobo)],
    ['Fee', formatKobo(feeKobo)],
    ['Total', formatKobo(amountKobo + feeKobo)],
    ...(isSavingAccount ? ([['Add as beneficiary', 'Yes']] as [string, string][]) : []),
  ];
  return (
    <section aria-labelledby="withdraw-confirm-title" className="flex flex-col gap-5">
      <h2
        id="withdraw-confirm-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-ink outline-none"
      >
        Confirm your withdrawal
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
        {destination.accountName} receives {formatKobo(amountKobo)};{' '}
        {formatKobo(amountKobo + feeKobo)} leaves your wallet. Check the name: money sent to the
        wrong account cannot be called back. Next, your PIN.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onConfirm}>Confirm</Button>
      </div>
    </section>
  );
}
