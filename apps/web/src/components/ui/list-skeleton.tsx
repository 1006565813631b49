interface ListSkeletonProps {
  /** What is loading, for screen readers ("Loading trades"). */
  label: string;
  /** Tailwind height of one placeholder row. */
  rowHeight?: 'h-16' | 'h-20';
}

/** Three grey rows where a console list will be, announced as loading. */
export function ListSkeleton({ label, rowHeight = 'h-20' }: ListSkeletonProps) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className={`${rowHeight} animate-pulse rounded-[12px] border border-line bg-white`}
        />
      ))}
    </div>
  );
}
