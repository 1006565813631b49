import { useId, useState } from 'react';
import {
  matchRateSheet,
  parseRateSheet,
  RATE_SHEET_EXAMPLE_LINE,
  type RateSheetProblem,
} from '@karta/shared/rate-sheet';
import { RATE_SHEET_MAX_LINES, type RateSheetEntry } from '@karta/shared/schemas/rate-sheet';
import { formatKoboAsNaira } from '@karta/shared/money';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useMatchRateSheetMutation } from '../api';

export interface PastedDraft {
  rates: { entry: RateSheetEntry; text: string }[];
  problems: RateSheetProblem[];
}

interface PasteSheetDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onFill: (pasted: PastedDraft) => void;
}

/**
 * Paste rows copied from a spreadsheet: "Card / Subcategory" (or the id) and the rate, by tab
 * or comma, a header row optional. The lines are matched against the catalog by the API, and
 * what matched fills the draft; what did not is listed by line.
 */
export function PasteSheetDialog({ isOpen, onClose, onFill }: PasteSheetDialogProps) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [match, { isLoading }] = useMatchRateSheetMutation();

  const fill = async () => {
    const { rates, problems } = parseRateSheet(text);
    if (rates.length + problems.length === 0) {
      setError('Paste at least one line: the subcategory, then its rate.');
      return;
    }
    if (rates.length > RATE_SHEET_MAX_LINES) {
      setError(`Paste at most ${String(RATE_SHEET_MAX_LINES)} lines at a time.`);
      return;
    }
    const keys = [...new Set(rates.map(({ key }) => key))];
    const entries =
      keys.length > 0
        ? await match(keys)
            .unwrap()
            .catch(() => undefined)
        : [];
    // A failed call is toasted by the API client; the paste stays for another try.
    if (!entries) return;
    const matched = matchRateSheet(rates, entries);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    onFill({
      rates: [...matched.draft].flatMap(([id, kobo]) => {
        const entry = byId.get(id);
        return entry ? [{ entry, text: formatKoboAsNaira(kobo) }] : [];
      }),
      problems: [...problems, ...matched.problems].sort((a, b) => a.line - b.line),
    });
    setText('');
    setError(undefined);
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title="Paste a rate sheet"
      description='One line per subcategory: "Card / Subcategory" or its id, then the rate. Tabs or commas; a header row is fine.'
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void fill();
        }}
        className="flex flex-col gap-3"
      >
        <label htmlFor={fieldId} className="text-sm font-medium text-ink">
          Rows from your spreadsheet
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          rows={10}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          placeholder={RATE_SHEET_EXAMPLE_LINE}
          className="rounded-[8px] border border-line p-3 font-mono text-sm"
        />
        {error && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-rejected">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={isLoading} loadingText="Matching...">
            Fill the draft
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Modal>
  );
}
