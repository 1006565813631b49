import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldMessage } from './field-message';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'prefix'> {
  label: string;
  /** text (default), email or password (with a show/hide toggle). */
  type?: 'text' | 'email' | 'password' | 'tel' | 'search';
  error?: string | undefined;
  hint?: ReactNode;
  /** Fixed text before the value, such as +234. */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The text input of docs/product.md §5: min/max length, e-mail and password modes (password with a
 * show/hide toggle), disabled mode, and an error line that starts with a warning sign.
 */
export function TextInput({
  label,
  type = 'text',
  error,
  hint,
  prefix,
  id,
  className = '',
  ref,
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div
        className={`flex min-h-11 items-stretch overflow-hidden rounded-[12px] border bg-white focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30 ${error ? 'border-rejected' : 'border-line'} ${rest.disabled ? 'bg-mist' : ''}`}
      >
        {prefix && (
          <span className="flex items-center border-r border-line bg-mist px-3 text-ink">
            {prefix}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          type={isPassword && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="w-full min-w-0 bg-transparent px-3 py-2.5 text-base text-ink outline-none placeholder:text-slate/80 disabled:cursor-not-allowed disabled:text-slate"
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => {
              setIsRevealed((value) => !value);
            }}
            aria-label={isRevealed ? 'Hide password' : 'Show password'}
            aria-pressed={isRevealed}
            className="px-3 text-sm font-semibold text-brand hover:text-brand-deep"
          >
            {isRevealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      <FieldMessage fieldId={inputId} error={error} hint={hint} />
    </div>
  );
}
