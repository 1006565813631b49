import { ProgressBar } from './progress-bar';

/**
 * An upload under way, said twice: a bar a screen reader can read, and words that change as it
 * goes. At 100 % the bytes are sent but the server has not answered yet (on slow 3G that wait is
 * seconds), so it says so rather than looking finished.
 */
export function SendProgress({ what, percent }: { what: string; percent: number }) {
  return (
    <div className="flex flex-col gap-1">
      <ProgressBar label={`Sending ${what}`} percent={percent} />
      <p className="text-sm text-slate" aria-live="polite">
        {percent < 100
          ? `Sending ${what}: ${String(Math.round(percent))}%`
          : 'Sent. Waiting for our server to confirm...'}
      </p>
    </div>
  );
}
