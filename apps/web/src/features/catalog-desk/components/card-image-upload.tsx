import { useId, useRef, useState } from 'react';
import type { AdminGiftCard } from '@karta/shared/schemas/catalog-admin';
import {
  CARD_IMAGE_MAX_BYTES,
  CARD_IMAGE_TOO_LARGE,
  CARD_IMAGE_TYPE_REFUSED,
  CARD_IMAGE_TYPES,
} from '@karta/shared/card-image';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUploadCardImageMutation } from '../api';

/** The API's words for a file it would refuse by its size or kind; undefined when it may go. */
function refusalOf(file: File): string | undefined {
  if (file.size > CARD_IMAGE_MAX_BYTES) return CARD_IMAGE_TOO_LARGE;
  if (!(CARD_IMAGE_TYPES as readonly string[]).includes(file.type)) return CARD_IMAGE_TYPE_REFUSED;
  return undefined;
}

/**
 * The card's picture: the current one, and a new one sent with a progress bar (slow networks).
 * Checked here for size and kind so a long upload is not wasted; the API checks the bytes and
 * stores a re-encoded copy.
 */
export function CardImageUpload({ card }: { card: AdminGiftCard }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(0);
  const [upload, { isLoading }] = useUploadCardImageMutation();

  const send = async () => {
    if (!file) {
      setError('Choose an image to upload.');
      inputRef.current?.focus();
      return;
    }
    setSent(0);
    try {
      await upload({ id: card.id, image: file, onProgress: setSent }).unwrap();
      toast.success(`The image of ${card.name} is updated.`);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={card.img_info.url}
        alt={`The image of ${card.name}`}
        className="w-full max-w-64 rounded-[12px] border border-line object-cover"
      />
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            New image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={CARD_IMAGE_TYPES.join(',')}
            disabled={isLoading}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            className="min-h-11 text-sm text-ink file:mr-3 file:min-h-11 file:rounded-[12px] file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const refusal = chosen ? refusalOf(chosen) : undefined;
              setError(refusal);
              setFile(refusal ? null : chosen);
              if (refusal) event.target.value = '';
            }}
          />
          <FieldMessage
            fieldId={inputId}
            error={error}
            hint="JPEG, PNG or WebP, at most 2 MB. It is stored re-encoded, at most 800 × 500."
          />
        </div>
        {isLoading && <ProgressBar label="Uploading the card image" percent={sent * 100} />}
        <div>
          <Button
            variant="secondary"
            isLoading={isLoading}
            loadingText="Uploading..."
            onClick={() => void send()}
          >
            Upload image
          </Button>
        </div>
      </div>
    </div>
  );
}
