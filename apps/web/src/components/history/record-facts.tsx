import type { ReactNode } from 'react';

/** A name and what it says about the record, such as ["Fee", "₦50.00"]. */
export type RecordFact = [term: string, detail: ReactNode];

/** A record's facts, each with its name, in two columns from small screens up. */
export function RecordFacts({ facts }: { facts: readonly RecordFact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([term, detail]) => (
        <div key={term} className="min-w-0">
          <dt className="text-sm text-slate">{term}</dt>
          <dd className="font-semibold break-words text-ink">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
