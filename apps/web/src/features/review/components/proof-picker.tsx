import { TRADE_IMAGE_MAX_BYTES, TRADE_IMAGE_TYPES } from '@karta/shared/constants';
import { useId, useRef, useState } from 'react';
import { FieldMessage } from '../../../components/ui/field-message';

const MAX_MB = TRADE_IMAGE_MAX_BYTES / 1024 / 1024;
const ACCEPTED_TYPES: readonly string[] = TRADE_IMAGE_TYPES;

/**
 * Why a picked file cannot be the proof, or undefined. `accept` only filters the picker's
 * default view ("All files" is one tap away), so a text file was caught only after the
 * confirmation dialog, by the server: said here, the moment it is picked.
 */
function proofProblem(file: File): string | undefined {
  // Some browsers give a HEIC photo no type at all: its name says what it is.
  const isUntypedHeic = file.type === '' && /\.hei[cf]$/i.test(file.name);
  if (!ACCEPTED_TYPES.includes(file.type) && !isUntypedHeic) {
    return 'Choose an image: a JPEG, PNG, WebP or HEIC screenshot.';
  }
  if (file.size > TRADE_IMAGE_MAX_BYTES) return `The image can be at most ${String(MAX_MB)} MB.`;
  return undefined;
}

interface ProofPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

/**
 * The optional proof of a rejection (a screenshot of the balance check), which the seller will
 * see on their trade page. Checked here for kind and size as it is picked, so a slow upload is
 * not wasted and the confirmation never offers a file that will be refused; the server checks
 * the bytes again.
 */
export function ProofPicker({ file, onChange }: ProofPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Proof image (optional)
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={TRADE_IMAGE_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        className="min-h-11 text-sm text-ink file:mr-3 file:min-h-11 file:rounded-[12px] file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? proofProblem(chosen) : undefined;
          if (problem) {
            setError(problem);
            onChange(null);
            event.target.value = '';
            return;
          }
          setError(undefined);
          onChange(chosen);
        }}
      />
      {file && (
        <p className="flex items-center gap-3 text-sm text-ink">
          <span className="truncate">{file.name}</span>
          <button
            type="button"
            aria-label="Remove the proof image"
            className="min-h-11 font-semibold text-brand underline hover:text-brand-deep"
            onClick={() => {
              onChange(null);
              if (inputRef.current) inputRef.current.value = '';
            }}
          >
            Remove
          </button>
        </p>
      )}
      <FieldMessage
        fieldId={inputId}
        error={error}
        hint="A screenshot of the balance check. The seller sees it with the reason and the note."
      />
    </div>
  );
}
