import type { ReactNode } from 'react';
import { formatLagosDateTime } from '../../lib/format-date';

interface RecordTimelineProps<Step extends string, Entry extends { status: Step; at: string }> {
  steps: readonly Entry[];
  /** Each step in words. */
  words: Record<Step, string>;
  /** Each step's dot colour. */
  dots: Record<Step, string>;
  /** What is still to come for an unfinished record, so nobody wonders whether it is stuck. */
  next?: { title: string; text: string } | null | undefined;
  /** What a step says besides its name and time (a question, an answer, who acted). */
  renderDetail?: (step: Entry) => ReactNode;
}

const DOT = 'absolute top-1.5 -left-[27px] h-3 w-3 rounded-full';

/** What happened to a trade or a withdrawal and when (Lagos time), then what comes next. */
export function RecordTimeline<Step extends string, Entry extends { status: Step; at: string }>({
  steps,
  words,
  dots,
  next,
  renderDetail,
}: RecordTimelineProps<Step, Entry>) {
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4 border-l-2 border-line pl-5">
      {steps.map((step) => (
        <li key={`${step.status}-${step.at}`} className="relative">
          <span aria-hidden="true" className={`${DOT} ${dots[step.status]}`} />
          <p className="font-semibold text-ink">{words[step.status]}</p>
          <p className="text-sm text-slate">
            <time dateTime={step.at}>{formatLagosDateTime(step.at)}</time>
          </p>
          {renderDetail?.(step)}
        </li>
      ))}
      {next && (
        <li className="relative">
          <span aria-hidden="true" className={`${DOT} border-2 border-pending bg-white`} />
          <p className="font-semibold text-ink">{next.title}</p>
          <p className="text-sm text-slate">{next.text}</p>
        </li>
      )}
    </ol>
  );
}
