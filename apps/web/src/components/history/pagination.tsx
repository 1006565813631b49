interface PaginationProps {
  label: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

const BUTTON =
  'min-h-11 rounded-[12px] border border-line bg-white px-4 font-semibold text-brand hover:bg-brand/5 disabled:cursor-not-allowed disabled:text-slate disabled:hover:bg-white';

/** Previous and Next around "Page 2 of 5". Nothing to show for a single page. */
export function Pagination({ label, page, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button
        type="button"
        className={BUTTON}
        disabled={page <= 1}
        onClick={() => {
          onPageChange(page - 1);
        }}
      >
        Previous
      </button>
      <p className="text-sm text-slate">
        Page {page} of {totalPages}
      </p>
      <button
        type="button"
        className={BUTTON}
        disabled={page >= totalPages}
        onClick={() => {
          onPageChange(page + 1);
        }}
      >
        Next
      </button>
    </nav>
  );
}
