import { useId, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { FieldMessage } from './field-message';

interface DigitsInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 6 for codes, 4 for PINs. */
  maxLength: number;
  /** PINs are hidden, with a visibility toggle (docs/product.md §4). */
  isMasked?: boolean;
  error?: string | undefined;
  hint?: string;
  name?: string;
  autoComplete?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const onlyDigits = (text: string, maxLength: number) => text.replace(/\D/g, '').slice(0, maxLength);
const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
]);

/**
 * Digits only: other keys are refused, pasted text is filtered, and the value is cut to
 * maxLength (docs/product.md §4). One input, so screen readers, autofill of SMS/e-mail codes and paste
 * all work as people expect.
 */
export function DigitsInput({
  label,
  value,
  onChange,
  maxLength,
  isMasked = false,
  error,
  hint,
  name,
  autoComplete = 'one-time-code',
  disabled,
  ref,
}: DigitsInputProps) {
  const inputId = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || CONTROL_KEYS.has(event.key)) return;
    if (!/^\d$/.test(event.key)) event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(onlyDigits(value + event.clipboardData.getData('text'), maxLength));
  };
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div
        className={`flex min-h-11 items-stretch overflow-hidden rounded-[12px] border bg-white focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30 ${error ? 'border-rejected' : 'border-line'}`}
      >
        <input
          ref={ref}
          id={inputId}
          name={name}
          value={value}
          disabled={disabled}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={autoComplete}
          maxLength={maxLength}
          type={isMasked && !isRevealed ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onChange={(event) => {
            onChange(onlyDigits(event.target.value, maxLength));
          }}
          className="money w-full bg-transparent px-3 py-2.5 text-lg tracking-[0.4em] text-ink outline-none"
        />
        {isMasked && (
          <button
            type="button"
            // The spec's name, after the word the button shows (WCAG 2.5.3, label in name).
            aria-label={`${isRevealed ? 'Hide' : 'Show'} PIN, Toggle PIN visibility`}
            onClick={() => {
              setIsRevealed((shown) => !shown);
            }}
            className="px-3 text-sm font-semibold text-brand"
          >
            {isRevealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      <FieldMessage fieldId={inputId} error={error} hint={hint} />
    </div>
  );
}
