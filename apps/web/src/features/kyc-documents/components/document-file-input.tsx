import { useId, useRef, useState } from 'react';
import { FieldMessage } from '../../../components/ui/field-message';
import { savedSize, shrinkPhotos } from '../../../lib/shrink-photo';

interface DocumentFileInputProps {
  name: string;
  label: string;
  hint: string;
  /** `user` opens the front camera on a phone (the selfie), `environment` the back one. */
  capture: 'user' | 'environment';
  file: File | undefined;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (file: File | undefined) => void;
}

/**
 * One photo of the documents form: on a phone it opens the camera (`capture`), elsewhere the
 * file picker; images only, which the server re-encodes (decision 066). A large photo is made
 * smaller before the form holds it (decision 073), and the line under the field says so.
 */
export function DocumentFileInput(props: DocumentFileInputProps) {
  const id = useId();
  const [saving, setSaving] = useState<string | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  /** Only the newest pick counts, if the seller picks again while one is being made smaller. */
  const pick = useRef(0);
  const describedBy = props.error ? `${id}-error` : `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="file"
        accept="image/*"
        capture={props.capture}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 w-full rounded-[12px] border border-line bg-white p-2 text-base text-ink file:mr-3 file:min-h-9 file:rounded-[10px] file:border-0 file:bg-brand/10 file:px-3 file:font-semibold file:text-brand"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          pick.current += 1;
          const thisPick = pick.current;
          setSaving(null);
          if (!picked) {
            props.onChange(undefined);
            return;
          }
          setIsPreparing(true);
          void shrinkPhotos([picked]).then((shrunk) => {
            if (thisPick !== pick.current) return;
            setIsPreparing(false);
            setSaving(savedSize(shrunk));
            props.onChange(shrunk.files[0]);
          });
        }}
      />
      <p className="text-sm text-slate break-all" aria-live="polite">
        {isPreparing
          ? 'Preparing the photo…'
          : props.file && `${props.file.name}${saving ? ` (made smaller: ${saving})` : ''}`}
      </p>
      <FieldMessage fieldId={id} error={props.error} hint={props.hint} />
    </div>
  );
}
