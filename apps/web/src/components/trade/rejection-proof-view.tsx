import type { RejectionProof } from '@karta/shared/schemas/rejection-proofs';
import { useState } from 'react';
import { Modal } from '../ui/modal';
import { PhotoViewer } from './photo-viewer';

/**
 * The image our team gave as proof of a rejection (a screenshot of the balance check): a
 * thumbnail that opens full size with zoom and rotate. The seller's trade page and the console
 * both show it, so the seller sees exactly what the operator saw.
 */
export function RejectionProofView({ proof }: { proof: RejectionProof }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="mt-3">
      <p className="font-semibold text-ink">What our team saw when checking the card</p>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label="Open the proof image"
        onClick={() => {
          setIsOpen(true);
        }}
        className="mt-2 block h-32 w-32 overflow-hidden rounded-[12px] border border-line bg-white hover:border-brand"
      >
        <img src={proof.url} alt="" loading="lazy" className="h-full w-full object-cover" />
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => {
          setIsOpen(false);
        }}
        title="Proof of the rejection"
        size="lg"
      >
        <PhotoViewer
          src={proof.url}
          alt="The proof our team attached to the rejection"
          width={proof.width}
          height={proof.height}
        />
      </Modal>
    </div>
  );
}
