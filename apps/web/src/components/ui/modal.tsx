import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, useFocusTrap } from '../../lib/use-focus-trap';
import { useScrollLock } from '../../lib/use-scroll-lock';
import { DialogCloseButton } from './dialog-close-button';

const SIZES = { sm: 'sm:max-w-sm', md: 'sm:max-w-md', lg: 'sm:max-w-3xl' } as const;

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A short line under the title. */
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A dialog that closes on Escape and locks page scrolling while open (docs/product.md §2), keeps focus
 * inside itself, and gives focus back to what opened it when it closes.
 */
export function Modal({ isOpen, onClose, title, description, children, size = 'md' }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(isOpen);
  useFocusTrap(panelRef, {
    isActive: isOpen,
    onEscape: (event) => {
      event.stopPropagation();
      onClose();
    },
    // The first field or action of the content; the Close button only when there is none.
    initialFocus: (panel) =>
      panel.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`) ??
      panel.querySelector<HTMLElement>(FOCUSABLE) ??
      panel,
    restoreFocus: true,
  });

  if (!isOpen) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-ink/50" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-[16px] bg-white p-6 shadow-xl outline-none sm:rounded-[16px] ${SIZES[size]}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-ink">
              {title}
            </h2>
            {description && <div className="mt-1 text-sm text-slate">{description}</div>}
          </div>
          <DialogCloseButton onClose={onClose} />
        </div>
        <div data-modal-body>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
