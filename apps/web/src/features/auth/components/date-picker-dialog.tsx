import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface DatePickerDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The grid keeps one day in the Tab order (roving tabindex); the other days are skipped. */
const FOCUSABLE = 'button:not([disabled]):not([tabindex="-1"]), select:not([disabled])';

/**
 * The picker's full-screen popup (spec §2): the whole screen on a phone, a centred panel over a
 * dimmed page on wider screens. Escape closes it, Tab stays inside, the page does not scroll.
 */
export function DatePickerDialog({ title, onClose, children }: DatePickerDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      const focusable = Array.from(
        panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [],
      );
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (event.key !== 'Tab' || !firstItem || !lastItem) return;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, []);

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
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-m-2 flex h-11 w-11 items-center justify-center rounded-full text-2xl leading-none text-slate hover:bg-mist"
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
