import { useEffect, useState } from 'react';

export interface ResendCountdownProps {
  /** How long the control waits after each send (docs/product.md §9: 30 seconds for codes). */
  seconds: number;
  /**
   * Sends a new code. Resolve `true` when it went out (the wait starts again), `false` when it
   * did not (the control is usable again at once). Errors are the caller's to report.
   */
  onResend: () => Promise<boolean>;
  /** Wait from the start, because a code has just been sent. Default true. */
  startOnMount?: boolean;
  /** What the button says when it can be used. Default "Resend code". */
  label?: string;
  /** Keep the control off for a reason of the caller's (no e-mail to send to yet). */
  disabled?: boolean;
}

const TICK_MS = 250;

const formatClock = (totalSeconds: number) =>
  `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, '0')}`;

/**
 * A resend button that is disabled for `seconds` after every send, with the time left in
 * words and a shrinking bar (docs/product.md §4). The wait is kept as an end time, not a counter, so a
 * phone that sleeps or a busy tab still re-enables it on time.
 */
export function ResendCountdown({
  seconds,
  onResend,
  startOnMount = true,
  label = 'Resend code',
  disabled = false,
}: ResendCountdownProps) {
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    startOnMount ? Date.now() + seconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [endsAt]);

  const msLeft = endsAt === null ? 0 : Math.max(0, endsAt - now);
  const secondsLeft = Math.ceil(msLeft / 1000);
  const isWaiting = secondsLeft > 0;

  const resend = async () => {
    setIsSending(true);
    try {
      if (await onResend()) {
        const time = Date.now();
        setNow(time);
        setEndsAt(time + seconds * 1000);
      }
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <p className="text-sm text-slate">Did not get the code?</p>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={disabled || isWaiting || isSending}
          className="-mx-3 min-h-11 rounded-[12px] px-3 text-base font-semibold text-brand hover:bg-brand/10 hover:text-brand-deep disabled:cursor-not-allowed disabled:text-slate disabled:hover:bg-transparent"
        >
          {isSending ? (
            'Sending...'
          ) : isWaiting ? (
            <>
              Resend in <span className="money">{formatClock(secondsLeft)}</span>
            </>
          ) : (
            label
          )}
        </button>
      </div>
      {isWaiting && (
        <div
          role="progressbar"
          aria-label="Time until you can resend"
          aria-valuemin={0}
          aria-valuemax={seconds}
          aria-valuenow={secondsLeft}
          aria-valuetext={`${String(secondsLeft)} seconds left`}
          className="h-1.5 overflow-hidden rounded-full bg-line"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-200 ease-linear"
            style={{ width: `${String((msLeft / (seconds * 1000)) * 100)}%` }}
          />
        </div>
      )}
    </div>
  );
}
