import { useEffect, useState } from 'react';

interface PhotoPreviewProps {
  file: File;
  index: number;
  onRemove: () => void;
}

/**
 * One picked photo. Its object URL lives exactly as long as this preview: created on mount,
 * revoked on removal or when the screen goes away, so picked photos never pile up in memory.
 * Browsers that cannot draw HEIC show the file name instead.
 */
export function PhotoPreview({ file, index, onRemove }: PhotoPreviewProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [isUnreadable, setIsUnreadable] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
    };
  }, [file]);

  return (
    <li className="relative aspect-square overflow-hidden rounded-[12px] border border-line bg-mist">
      {url && !isUnreadable ? (
        <img
          src={url}
          alt={`Photo ${String(index + 1)}: ${file.name}`}
          onError={() => {
            setIsUnreadable(true);
          }}
          className="h-full w-full object-cover"
        />
      ) : (
        <p className="flex h-full items-center justify-center p-2 text-center text-xs break-all text-slate">
          {file.name}
        </p>
      )}
      {/* A 44 px target in the corner, but only a small mark painted on the photo: the card's
          code in the middle of the thumbnail stays in sight. */}
      <button
        type="button"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
        className="group absolute top-0 right-0 flex h-11 w-11 items-start justify-end p-1"
      >
        <span
          aria-hidden="true"
          data-testid="remove-mark"
          className="flex h-6 w-6 items-center justify-center rounded-full bg-ink/70 text-base leading-none text-white group-hover:bg-ink"
        >
          ×
        </span>
      </button>
    </li>
  );
}
