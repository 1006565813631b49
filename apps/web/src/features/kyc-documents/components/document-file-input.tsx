import { useId } from 'react';
import { FieldMessage } from '../../../components/ui/field-message';

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
 * file picker; images only, which the server re-encodes (decision 066).
 */
export function DocumentFileInput(props: DocumentFileInputProps) {
  const id = useId();
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
          props.onChange(event.target.files?.[0]);
        }}
      />
      {props.file && <p className="text-sm text-slate break-all">{props.file.name}</p>}
      <FieldMessage fieldId={id} error={props.error} hint={props.hint} />
    </div>
  );
}
