interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A brand-green ring with a screen-reader label. */
export function Spinner({ label = 'Loading...', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-[3px] border-brand/25 border-t-brand"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={label} className="scale-150" />
    </div>
  );
}
