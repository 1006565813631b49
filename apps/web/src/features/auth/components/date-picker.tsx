import { lazy, Suspense, useId, useRef, useState, type Ref } from 'react';
import { YEAR_LIST_LENGTH } from '@karta/shared/constants';
import { getLatestAdultBirthDate, isCalendarDate } from '@karta/shared/dates';
import { MESSAGES } from '@karta/shared/messages';
import { FieldMessage } from '../../../components/ui/field-message';

const DatePickerPopup = lazy(() => import('./date-picker-popup'));

interface DatePickerProps {
  label: string;
  /** yyyy-MM-dd, or '' when nothing is chosen yet. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The date of birth field (docs/product.md §2): a button showing the date as yyyy-MM-dd that opens a
 * full-screen picker with month and year dropdowns (a list of 100 years) and a day grid. The
 * latest day that can be picked is exactly 18 years before today.
 */
export function DatePicker({ label, value, onChange, onBlur, error, name, ref }: DatePickerProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const max = getLatestAdultBirthDate(new Date());
  const min = `${String(Number(max.slice(0, 4)) - YEAR_LIST_LENGTH + 1)}-01-01`;
  // A value that is not a real date can only come from outside the picker; say so plainly.
  const shownError =
    error ?? (value && !isCalendarDate(value) ? MESSAGES.DATE_OF_BIRTH_INVALID : undefined);

  const close = () => {
    setIsOpen(false);
    triggerRef.current?.focus();
    onBlur?.();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <button
        ref={(node) => {
          triggerRef.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        type="button"
        name={name}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onClick={() => {
          setIsOpen(true);
        }}
        className={`flex min-h-11 items-center justify-between gap-2 rounded-[12px] border bg-white px-3 py-2.5 text-left text-base focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none ${shownError ? 'border-rejected' : 'border-line'}`}
      >
        <span id={`${id}-value`} className={value ? 'money text-ink' : 'text-slate/80'}>
          {value || 'Select date'}
        </span>
        <CalendarIcon />
      </button>
      <FieldMessage fieldId={id} error={shownError} />
      {isOpen && (
        <Suspense fallback={<span className="sr-only">Opening the calendar...</span>}>
          <DatePickerPopup
            title={label}
            value={isCalendarDate(value) ? value : null}
            min={min}
            max={max}
            onSelect={(date) => {
              onChange(date);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-slate">
      <rect
        x="3"
        y="5"
        width="18"
        height="16"
        rx="3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
