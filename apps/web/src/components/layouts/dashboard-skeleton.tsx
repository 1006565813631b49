import { Logo } from '../ui/logo';

/**
 * The dashboard's frame with grey placeholders (decision 043: a slow network showed a blank screen
 * for 6–22 s). Static and in the first bundle: it paints as soon as the app starts, while the
 * session is restored and the dashboard's code and data arrive, in the same places the real
 * sidebar, header and page will take, so nothing jumps when they come.
 */
export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen bg-mist" data-testid="dashboard-skeleton">
      <div aria-hidden="true" className="hidden w-64 shrink-0 bg-brand-deep md:block">
        <Logo isInverted className="mx-5 mt-6 mb-4" />
        <div className="flex flex-col gap-3 px-5 py-4">
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className="h-5 w-40 animate-pulse rounded bg-white/15" />
          ))}
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-white px-3 md:px-8">
          <Logo className="h-7 md:hidden" />
          <div
            aria-hidden="true"
            className="ml-auto h-11 w-24 animate-pulse rounded-[12px] bg-mist"
          />
        </div>
        <div
          role="status"
          className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 py-6 md:px-8 md:py-8"
        >
          <span className="sr-only">{label}</span>
          <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded bg-line" />
          <div aria-hidden="true" className="h-36 animate-pulse rounded-[12px] bg-brand/20" />
          {[0, 1, 2].map((row) => (
            <div
              key={row}
              aria-hidden="true"
              className="h-16 animate-pulse rounded-[12px] border border-line bg-white"
            />
          ))}
        </div>
      </div>
    </div>
  );
}
