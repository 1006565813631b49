import { PIN_LENGTH } from '@karta/shared/constants';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { formatKobo } from '../../../lib/format-money';
import { getLastFour } from '../../../lib/account-number';
import type { Destination } from '../withdraw-request';

interface WithdrawPinStepProps {
  destination: Destination;
  amountKobo: number;
  hasPin: boolean;
  pin: string;
  onPinChange: (pin: string) => void;
  pinError: string | null;
  /** Withdrawals are locked after too many wrong PINs: the server's words. */
  lockMessage: string | null;
  /** A failure with no field, e.g. the connection dropped. */
  problem: string | null;
  isSending: boolean;
  onBack: () => void;
  onSubmit: () => void;
  onSetPin: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  pinRef: Ref<HTMLInputElement>;
}

/** Step 3 (docs/product.md §1): the 4-digit PIN, masked with a visibility toggle (docs/product.md §4), then send. */
export function WithdrawPinStep(props: WithdrawPinStepProps) {
  const { destination, amountKobo, hasPin, lockMessage, problem, isSending } = props;
  return (
    <section aria-labelledby="withdraw-pin-title" className="flex flex-col gap-5">
      <h2
        id="withdraw-pin-title"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-ink outline-none"
      >
        Enter your PIN
      </h2>
      <p className="text-slate">
        <span className="money font-semibold text-ink">{formatKobo(amountKobo)}</span> to{' '}
        {destination.bankName} •••• {getLastFour(destination.accountNumber)} (
        {destination.accountName}).
      </p>
      {hasPin ? (
        <form
          noValidate
          aria-label="Withdrawal PIN"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
          className="flex flex-col gap-4"
        >
          <div className="max-w-xs">
            <DigitsInput
              ref={props.pinRef}
              name="pin"
              label="PIN"
              value={props.pin}
              onChange={props.onPinChange}
              maxLength={PIN_LENGTH}
              isMasked
              autoComplete="off"
              disabled={lockMessage !== null}
              error={props.pinError ?? undefined}
              hint={`Your ${String(PIN_LENGTH)}-digit withdrawal PIN`}
            />
          </div>
          {lockMessage && (
            <p role="alert" className="rounded-[12px] bg-rejected-bg p-4 text-sm text-rejected">
              {lockMessage}
            </p>
          )}
          {problem && (
            <p role="alert" className="rounded-[12px] bg-rejected-bg p-4 text-sm text-rejected">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={props.onBack} disabled={isSending}>
              Back
            </Button>
            <Button
              type="submit"
              isLoading={isSending}
              loadingText="Sending..."
              disabled={lockMessage !== null}
            >
              Withdraw
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-[12px] border border-gold bg-pending-bg p-4">
          <p className="text-ink">
            You have not set a withdrawal PIN yet. Set one now (it takes your password); this
            withdrawal waits here for you.
          </p>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={props.onBack}>
              Back
            </Button>
            <Button aria-haspopup="dialog" onClick={props.onSetPin}>
              Set PIN
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
