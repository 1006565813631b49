import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldMessage } from './field-message';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The value's length, shown against maxLength ("12/500"). */
  length: number;
  maxLength: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line field with its label, a character counter and the usual error line. */
export function TextArea({
  label,
  error,
  hint,
  length,
  maxLength,
  id,
  className = '',
  ref,
  ...rest
}: TextAreaProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const counterId = `${fieldId}-counter`;
  const describedBy = [error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : '', counterId]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={fieldId} className="text-sm font-medium text-ink">
          {label}
        </label>
        <span
          id={counterId}
          className={`text-sm tabular-nums ${length > maxLength ? 'text-rejected' : 'text-slate'}`}
        >
          <span aria-hidden="true">
            {length}/{maxLength}
          </span>
          <span className="sr-only">{`${String(length)} of ${String(maxLength)} characters`}</span>
        </span>
      </div>
      <textarea
        ref={ref}
        id={fieldId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-24 w-full rounded-[12px] border bg-white px-3 py-2.5 text-base text-ink outline-none placeholder:text-slate/80 focus:border-brand focus:ring-2 focus:ring-brand/30 ${error ? 'border-rejected' : 'border-line'}`}
        {...rest}
      />
      <FieldMessage fieldId={fieldId} error={error} hint={hint} />
    </div>
  );
}
