import { useId, type ReactNode } from 'react';

/** A white card on a record's page, named by its heading (a region screen readers list). */
export function RecordSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-[12px] bg-white p-4 md:p-6 ${className}`.trim()}
    >
      <h2 id={titleId} className="mb-4 text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
