interface ProgressBarProps {
  label: string;
  /** From 0 to 100. */
  percent: number;
}

/** A determinate progress bar that screen readers can read (role=progressbar). */
export function ProgressBar({ label, percent }: ProgressBarProps) {
  const value = Math.round(Math.min(Math.max(percent, 0), 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${String(value)}%`}
      className="h-3 w-full overflow-hidden rounded-full bg-brand/15"
    >
      <div
        className="h-full rounded-full bg-brand transition-[width] duration-200"
        style={{ width: `${String(value)}%` }}
      />
    </div>
  );
}
