import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  /** Open while true. */
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** What the action touches, shown in a grey box. */
  summary: ReactNode;
  /** Lines under the summary: what follows from the action, a problem to tell. */
  note?: ReactNode;
  confirmLabel: string;
  loadingText: string;
  variant?: 'primary' | 'danger';
  /** The action runs: both buttons wait and closing is the caller's to refuse. */
  isBusy: boolean;
  onConfirm: () => void;
}

/** Asks before an action that cannot be taken back: a summary, a note, Cancel and confirm. */
export function ConfirmDialog({
  isOpen,
  onClose,
  title,
  description,
  summary,
  note,
  confirmLabel,
  loadingText,
  variant = 'danger',
  isBusy,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} description={description} size="sm">
      {isOpen && (
        <>
          <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">{summary}</div>
          {note}
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button
              variant={variant}
              isLoading={isBusy}
              loadingText={loadingText}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
