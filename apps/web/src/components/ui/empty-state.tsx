import type { ReactNode } from 'react';

/** A list with nothing to show: a title that says so and a line on what to do (`children`). */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-[12px] border border-dashed border-line bg-white px-6 py-10 text-center">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {children}
    </div>
  );
}
