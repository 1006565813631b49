import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button';
import { useFocusTrap } from '../../../lib/use-focus-trap';
import { useScrollLock } from '../../../lib/use-scroll-lock';

interface DatePickerDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The grid keeps one day in the Tab order (roving tabindex); the other days are skipped. */
const FOCUSABLE = 'button:not([disabled]):not([tabindex="-1"]), select:not([disabled])';

/**
 * The picker's full-screen popup (docs/product.md §2): the whole screen on a phone, a centred panel over a
 * dimmed page on wider screens. Escape closes it, Tab stays inside, the page does not scroll.
 */
export function DatePickerDialog({ title, onClose, children }: DatePickerDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(true);
  useFocusTrap(panelRef, {
    isActive: true,
    onEscape: (event) => {
      event.stopPropagation();
      onClose();
    },
    focusable: FOCUSABLE,
  });

  return createPortal(
    <div className="fixed inset-0 z-50 flex bg-white sm:items-center sm:justify-center sm:bg-ink/50">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="flex w-full flex-col overflow-y-auto bg-white p-5 sm:max-w-sm sm:rounded-[16px] sm:p-6 sm:shadow-xl"
      >
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 className="text-xl font-bold text-ink">{title}</h2>
          <DialogCloseButton onClose={onClose} />
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
