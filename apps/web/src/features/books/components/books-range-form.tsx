import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import type { BooksRange } from '../api';
import { rangeProblem } from '../lagos-days';

interface BooksRangeFormProps {
  range: BooksRange;
  onChange: (range: BooksRange) => void;
}

const INPUT =
  'min-h-11 rounded-[12px] border border-line bg-white px-3 py-2 text-base text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none';

interface DayFieldProps {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  /** The range's error line, when there is one. */
  errorId: string | undefined;
  onChange: (day: string) => void;
}

/** A labelled date field (the browser's picker, yyyy-MM-dd as the spec's forms use). */
function DayField({ id, label, value, min, max, errorId, onChange }: DayFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={INPUT}
        value={value}
        min={min || undefined}
        max={max || undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/** The days to show, both included (Lagos days); checked here as the API would check them. */
export function BooksRangeForm({ range, onChange }: BooksRangeFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onChange(draft);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <DayField
        id={`${id}-from`}
        label="From"
        value={draft.from}
        max={draft.to}
        errorId={problem ? `${id}-range-error` : undefined}
        onChange={(from) => {
          setDraft({ ...draft, from });
        }}
      />
      <DayField
        id={`${id}-to`}
        label="To"
        value={draft.to}
        min={draft.from}
        errorId={problem ? `${id}-range-error` : undefined}
        onChange={(to) => {
          setDraft({ ...draft, to });
        }}
      />
      <Button type="submit" variant="secondary">
        Show
      </Button>
      <div className="basis-full empty:hidden">
        <FieldMessage fieldId={`${id}-range`} error={problem ?? undefined} />
      </div>
    </form>
  );
}
