import type { Ref } from 'react';
import { Link } from 'react-router';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../config/paths';
import { formatKobo } from '../../../lib/format-money';
import { parseAmountKobo, type WithdrawLimits } from '../withdraw-form-schema';

interface WithdrawAmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  limits: WithdrawLimits;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** Digits and one point with at most two decimals: what a naira amount can be. */
function sanitizeAmount(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  const digits = whole.slice(0, 10);
  return rest.length > 0 ? `${digits}.${rest.join('').slice(0, 2)}` : digits;
}

/** Whole kobo as the field's text: 1234550 → "12345.50". */
const koboAsText = (kobo: number) => {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${String(naira)}.${String(rest).padStart(2, '0')}`;
};

/**
 * "Withdraw all": the balance less the fee, within what may go at a time and what is
 * left of today's limit; null when that is below the smallest withdrawal.
 */
function withdrawAllKobo(limits: WithdrawLimits): number | null {
  const all = Math.min(
    limits.balanceKobo - limits.feeKobo,
    limits.singleKobo,
    limits.dailyRemainingKobo,
  );
  return all >= limits.minKobo ? all : null;
}

/**
 * The naira to send, with the fee, what leaves the wallet in all, and what the wallet holds,
 * live: no surprise on the confirmation screen.
 */
export function WithdrawAmountField({
  value,
  onChange,
  onBlur,
  limits,
  error,
  ref,
}: WithdrawAmountFieldProps) {
  const kobo = parseAmountKobo(value) ?? 0;
  const allKobo = withdrawAllKobo(limits);
  const isCapped = allKobo !== null && allKobo < limits.balanceKobo - limits.feeKobo;
  const rows: [string, string][] = [
    ['Fee', formatKobo(limits.feeKobo)],
    ['Total from your wallet', formatKobo(kobo > 0 ? kobo + limits.feeKobo : 0)],
    ['Available balance', formatKobo(limits.balanceKobo)],
  ];
  return (
    <div className="flex flex-col gap-3">
      <TextInput
        ref={ref}
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        prefix="₦"
        placeholder="0.00"
        value={value}
        onChange={(event) => {
          const next = sanitizeAmount(event.target.value);
          onChange(next);
        }}
        onBlur={onBlur}
        error={error}
        // The room the seller's KYC tier leaves (kyc.limits, decision 063).
        hint={`From ${formatKobo(limits.minKobo)} to ${formatKobo(limits.singleKobo)} at a time; ${formatKobo(limits.dailyRemainingKobo)} left of today’s limit.`}
      />
      {allKobo !== null && (
        <button
          type="button"
          onClick={() => {
            onChange(koboAsText(allKobo));
          }}
          className="inline-flex min-h-11 items-center self-start font-semibold text-brand underline hover:text-brand-deep"
        >
          {isCapped
            ? `Withdraw the most allowed now (${formatKobo(allKobo)})`
            : `Withdraw all (${formatKobo(allKobo)}, your balance less the ${formatKobo(limits.feeKobo)} fee)`}
        </button>
      )}
      <dl
        aria-live="polite"
        className="grid gap-2 rounded-[12px] bg-mist p-4 sm:grid-cols-3 sm:gap-3"
      >
        {rows.map(([term, detail]) => (
          <div key={term} className="flex min-w-0 justify-between gap-3 sm:block">
            <dt className="text-sm text-slate">{term}</dt>
            <dd className="money font-semibold text-ink">{detail}</dd>
          </div>
        ))}
      </dl>
      {limits.tier < 3 && (
        <p className="text-sm text-slate">
          Your verification tier is {limits.tier}: {formatKobo(limits.dailyRemainingKobo)} left
          today.{' '}
          <Link
            to={paths.dashboard.verification.getHref()}
            className="font-semibold text-brand underline"
          >
            Raise your limit
          </Link>
        </p>
      )}
    </div>
  );
}
