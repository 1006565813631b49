import { TRADE_IMAGES_MAX } from '@karta/shared/constants';
import { useId, useRef, useState, type DragEvent, type RefCallback } from 'react';
import { FieldMessage } from '../ui/field-message';
import { savedSize, shrinkPhotos } from '../../lib/shrink-photo';
import { checkPhotoContents, checkPhotos, checkPhotoSizes, PHOTO_ACCEPT } from './photo-checks';
import { PhotoPreview } from './photo-preview';

interface PhotoPickerProps {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** The form's message (no photo yet, or the server's about the photos). */
  error?: string | undefined;
  /** The file input, for a form that moves focus to its first problem. */
  inputRef?: RefCallback<HTMLInputElement>;
  /** How many photos the form takes; the add-trade form's 10 unless told. */
  max?: number;
  /** The group's name, for a form whose photos are not the card's first ones. */
  legend?: string;
  /** What a good photo shows; the card's code unless told. */
  hint?: string;
}

/** A photo chosen in a form, with a key that stays while the list changes. */
export interface PickedPhoto {
  id: string;
  file: File;
}

let lastPhotoId = 0;

/**
 * Photos (a card's, by default) by drag and drop or the file picker, checked before upload
 * (type, 10 at most), made smaller (decision 073) and then held to 5 MB, each with a preview and
 * a remove button.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
  inputRef: formRef,
  max = TRADE_IMAGES_MAX,
  legend = 'Card photos',
  hint = 'Show the whole card, with the code readable.',
}: PhotoPickerProps) {
  const inputId = useId();
  const problemsId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  /** "3.4 MB → 640 KB": what making the last photos smaller saved. */
  const [saving, setSaving] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  /** Files being read and made smaller: the fieldset says it is busy meanwhile. */
  const [checking, setChecking] = useState(0);

  // Reading the files' first bytes takes a moment: the photos and the handler of that moment.
  const latest = useRef({ photos, onChange });
  latest.current = { photos, onChange };

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    const checked = checkPhotos(latest.current.photos.length, files, max);
    setChecking((count) => count + 1);
    const prepared = await (async () => {
      const contents = await checkPhotoContents(checked.accepted);
      const shrunk = await shrinkPhotos(contents.accepted);
      return { contents, shrunk, sized: checkPhotoSizes(shrunk.files) };
    })().finally(() => {
      setChecking((count) => count - 1);
    });
    const { contents, shrunk, sized } = prepared;
    setProblems([...contents.problems, ...sized.problems, ...checked.problems]);
    setSaving(savedSize(shrunk));
    if (sized.accepted.length === 0) return;
    lastPhotoId += 1;
    const stamp = String(lastPhotoId);
    latest.current.onChange([
      ...latest.current.photos,
      ...sized.accepted.map((file, index) => ({ id: `${stamp}-${String(index)}`, file })),
    ]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <fieldset aria-busy={checking > 0} className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
        }}
        onDragLeave={() => {
          setIsDragging(false);
        }}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-[12px] border-2 border-dashed p-5 text-center ${isDragging ? 'border-brand bg-brand/5' : error ? 'border-rejected' : 'border-line bg-white'}`}
      >
        <p className="text-sm text-slate">
          Drop photos here, or choose them. JPEG, PNG, WebP or HEIC, {max} at most; large photos are
          made smaller before they go up.{hint && ` ${hint}`}
        </p>
        <input
          ref={(node) => {
            inputRef.current = node;
            formRef?.(node);
          }}
          id={inputId}
          aria-invalid={error ? true : undefined}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-describedby={
            [error ? `${inputId}-error` : '', problems.length ? problemsId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            // Picking the same photo again after removing it must fire a change too.
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-[12px] border border-brand bg-white px-5 font-semibold text-brand peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold hover:bg-brand/5"
        >
          Choose photos
        </label>
        <div className="text-sm text-slate" aria-live="polite">
          <p>
            {photos.length} of {max} photos added
          </p>
          {checking > 0 && <p>Preparing photos…</p>}
          {checking === 0 && saving && <p>Made smaller for upload: {saving}</p>}
        </div>
      </div>
      {problems.length > 0 && (
        <ul id={problemsId} role="alert" className="flex flex-col gap-1 text-sm text-rejected">
          {problems.map((problem) => (
            <li key={problem}>
              <span aria-hidden="true">⚠ </span>
              {problem}
            </li>
          ))}
        </ul>
      )}
      <FieldMessage fieldId={inputId} error={error} />
      {photos.length > 0 && (
        <ul aria-label="Photos to upload" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {photos.map((photo, index) => (
            <PhotoPreview
              key={photo.id}
              file={photo.file}
              index={index}
              onRemove={() => {
                setProblems([]);
                setSaving(null);
                onChange(photos.filter((item) => item.id !== photo.id));
                inputRef.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
