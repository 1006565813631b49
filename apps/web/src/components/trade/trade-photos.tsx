import type { Trade } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { PhotoViewer } from './photo-viewer';

interface TradePhotosProps {
  trade: Trade;
  /** Operators read codes off the photos: bigger thumbnails and a link to the full-size file. */
  isLarge?: boolean;
}

/**
 * The card photos as thumbnails; one opens full size in a dialog, with zoom and rotate
 * (photo-viewer.tsx), previous and next. The seller's trade page and the operator console both
 * show them.
 */
export function TradePhotos({ trade, isLarge = false }: TradePhotosProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = trade.images.length;
  const open = openIndex === null ? undefined : trade.images[openIndex];
  const describe = (index: number) =>
    `Photo ${String(index + 1)} of ${String(count)} of the ${trade.gift_card.name} card`;

  if (count === 0) return <p className="text-sm text-slate">No photos.</p>;
  return (
    <>
      <ul
        className={`grid gap-2 ${isLarge ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-3 sm:grid-cols-4'}`}
      >
        {trade.images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={`Open photo ${String(index + 1)} of ${String(count)}`}
              onClick={() => {
                setOpenIndex(index);
              }}
              className="block aspect-square w-full overflow-hidden rounded-[12px] border border-line bg-mist hover:border-brand"
            >
              <img src={image.url} alt="" loading="lazy" className="h-full w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        isOpen={open !== undefined}
        onClose={() => {
          setOpenIndex(null);
        }}
        title={openIndex === null ? '' : `Photo ${String(openIndex + 1)} of ${String(count)}`}
        size="lg"
      >
        {open && openIndex !== null && (
          <div className="flex flex-col gap-4">
            <PhotoViewer
              // A new photo starts unzoomed and upright.
              key={open.id}
              src={open.url}
              alt={describe(openIndex)}
              width={open.width}
              height={open.height}
            />
            {isLarge && (
              <a
                href={open.url}
                target="_blank"
                rel="noreferrer"
                className="self-start font-semibold text-brand underline hover:text-brand-deep"
              >
                Open full size<span className="sr-only"> (new tab)</span>
              </a>
            )}
            {count > 1 && (
              <div className="flex justify-between gap-3">
                <Button
                  variant="secondary"
                  disabled={openIndex === 0}
                  onClick={() => {
                    setOpenIndex(openIndex - 1);
                  }}
                >
                  Previous photo
                </Button>
                <Button
                  variant="secondary"
                  disabled={openIndex === count - 1}
                  onClick={() => {
                    setOpenIndex(openIndex + 1);
                  }}
                >
                  Next photo
                </Button>
              </div>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
