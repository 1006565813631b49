import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';

interface LabelledLink {
  to: string;
  label: string;
}

interface RecordDoneStepProps {
  /** What was done, e.g. "Trade created"; it names the step and takes focus. */
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** The new record's reference and what happens next. */
  children: ReactNode;
  /** The new record's page. */
  view: LabelledLink;
  /** The list it now shows in. */
  history: LabelledLink;
  /** Starting over for another one. */
  again: { label: string; onClick: () => void };
}

const LINK = 'inline-flex min-h-11 items-center justify-center rounded-[12px] px-5 font-semibold';

/**
 * The last step of selling a card or withdrawing: a trade or a withdrawal now exists. Its
 * reference, what happens next, and where to follow it.
 */
export function RecordDoneStep({
  title,
  headingRef,
  children,
  view,
  history,
  again,
}: RecordDoneStepProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col items-center gap-4 text-center">
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-approved-bg text-2xl font-bold text-approved"
      >
        ✓
      </span>
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink outline-none"
      >
        {title}
      </h2>
      {children}
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={view.to} className={`${LINK} bg-brand text-white hover:bg-brand-deep`}>
          {view.label}
        </Link>
        <Link to={history.to} className={`${LINK} border border-brand text-brand hover:bg-brand/5`}>
          {history.label}
        </Link>
        <Button variant="ghost" onClick={again.onClick}>
          {again.label}
        </Button>
      </div>
    </section>
  );
}
