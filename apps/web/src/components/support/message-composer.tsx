import {
  SUPPORT_BODY_MAX,
  SUPPORT_MESSAGES,
  SUPPORT_PHOTOS_MAX,
} from '@karta/shared/schemas/support';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { getFieldErrors, markShownInPlace } from '../../lib/api-error';
import { PhotoPicker, type PickedPhoto } from '../photos/photo-picker';
import { Button } from '../ui/button';
import { SendProgress } from '../ui/send-progress';
import { TextArea } from '../ui/text-area';

/** What a send is given: the words, the photos, and where to report the upload's progress. */
export interface OutgoingMessage {
  body: string;
  photos: File[];
  onProgress: (fraction: number) => void;
}

/**
 * A message's words (up to 2,000 characters) and up to 3 photos, sent with upload progress.
 * The server's field errors show beside their field; the toast says the rest. `tools` gets the
 * way to put text in the box (the desk's saved replies).
 */
export function MessageComposer({
  label = 'Your message',
  submitLabel = 'Send',
  onSend,
  tools,
}: {
  label?: string;
  submitLabel?: string;
  /** Resolves when the message is sent; rejects with the API's error. */
  onSend: (message: OutgoingMessage) => Promise<unknown>;
  tools?: (insert: (text: string) => void) => ReactNode;
}) {
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const isSending = progress !== null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim() && photos.length === 0) {
      setErrors({ body: SUPPORT_MESSAGES.EMPTY });
      return;
    }
    if (body.length > SUPPORT_BODY_MAX) {
      setErrors({ body: SUPPORT_MESSAGES.TOO_LONG });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await onSend({
        body,
        photos: photos.map((photo) => photo.file),
        onProgress: (fraction) => {
          setProgress(fraction * 100);
        },
      });
      setBody('');
      setPhotos([]);
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) markShownInPlace(error);
    }
    setProgress(null);
  };

  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      {tools?.((text) => {
        setBody((current) => (current.trim() ? `${current.trimEnd()}\n\n${text}` : text));
      })}
      <TextArea
        label={label}
        length={body.length}
        maxLength={SUPPORT_BODY_MAX}
        error={errors.body}
        rows={3}
        value={body}
        disabled={isSending}
        onChange={(event) => {
          setBody(event.target.value);
        }}
      />
      <PhotoPicker
        legend="Photos (optional)"
        hint="A screenshot or a photo of what you mean helps us answer."
        max={SUPPORT_PHOTOS_MAX}
        photos={photos}
        onChange={setPhotos}
        error={errors.photos}
      />
      {progress !== null && <SendProgress what="your message" percent={progress} />}
      <Button type="submit" isLoading={isSending} loadingText="Sending..." className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
