import { formatLagosDateTime } from '../../lib/format-date';

interface RecordTimelineProps<Step extends string> {
  steps: readonly { status: Step; at: string }[];
  /** Each step in words. */
  words: Record<Step, string>;
  /** Each step's dot colour. */
  dots: Record<Step, string>;
  /** What is still to come for an unfinished record, so nobody wonders whether it is stuck. */
  next?: { title: string; text: string } | null | undefined;
}

const DOT = 'absolute top-1.5 -left-[27px] h-3 w-3 rounded-full';

/** What happened to a trade or a withdrawal and when (Lagos time), then what comes next. */
export function RecordTimeline<Step extends string>({
  steps,
  words,
  dots,
  next,
}: RecordTimelineProps<Step>) {
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4 border-l-2 border-line pl-5">
      {steps.map((step) => (
        <li key={`${step.status}-${step.at}`} className="relative">
          <span aria-hidden="true" className={`${DOT} ${dots[step.status]}`} />
          <p className="font-semibold text-ink">{words[step.status]}</p>
          <p className="text-sm text-slate">
            <time dateTime={step.at}>{formatLagosDateTime(step.at)}</time>
          </p>
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
