import type { RateSheetProblem } from '@karta/shared/rate-sheet';
import { Button } from '../../../components/ui/button';

/** The pasted lines that did not fill the draft, by line number, each with why. */
export function PasteProblems({
  problems,
  onDismiss,
}: {
  problems: RateSheetProblem[];
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="paste-problems-title"
      className="rounded-[12px] border border-rejected/40 bg-rejected-bg p-4"
    >
      <h2 id="paste-problems-title" className="font-bold text-ink">
        {problems.length} pasted {problems.length === 1 ? 'line was' : 'lines were'} not used
      </h2>
      <ul aria-label="Lines not used" className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm">
        {problems.map(({ line, text, reason }) => (
          <li key={line}>
            <span className="font-semibold">Line {line}</span>{' '}
            <code className="break-all">{text}</code>: {reason}
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-2" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}
