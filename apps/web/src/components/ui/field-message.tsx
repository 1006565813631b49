import type { ReactNode } from 'react';

interface FieldMessageProps {
  /** The field's id: the lines get `${fieldId}-hint` and `${fieldId}-error` for aria-describedby. */
  fieldId: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * The line under a field (docs/product.md §5): its error, starting with a warning sign and announced as an
 * alert, or else its hint.
 */
export function FieldMessage({ fieldId, error, hint }: FieldMessageProps) {
  return (
    <>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="text-sm text-slate">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-rejected">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </>
  );
}
