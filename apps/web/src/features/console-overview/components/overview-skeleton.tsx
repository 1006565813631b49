/** Grey tiles where the figures will be, announced once as loading. */
export function OverviewSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the overview"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      {[0, 1, 2, 3, 4, 5].map((tile) => (
        <div
          key={tile}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-[12px] border border-line bg-white"
        />
      ))}
    </div>
  );
}
