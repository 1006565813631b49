import { DatePickerCalendar } from './date-picker-calendar';
import { DatePickerDialog } from './date-picker-dialog';

interface DatePickerPopupProps {
  title: string;
  value: string | null;
  min: string;
  max: string;
  onSelect: (date: string) => void;
  onClose: () => void;
}

/**
 * The open picker: its own chunk, fetched when the field is first opened, so /register's first
 * JavaScript stays inside the public-page budget (docs/decisions/009-preact-compat-runtime.md).
 */
export default function DatePickerPopup({
  title,
  value,
  min,
  max,
  onSelect,
  onClose,
}: DatePickerPopupProps) {
  return (
    <DatePickerDialog title={title} onClose={onClose}>
      <DatePickerCalendar value={value} min={min} max={max} onSelect={onSelect} />
      <p className="mt-4 text-sm text-slate">
        You must be 18 or older: the latest date you can pick is{' '}
        <span className="money font-semibold text-ink">{max}</span>.
      </p>
    </DatePickerDialog>
  );
}
