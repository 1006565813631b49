import { useEffect, useRef, type RefObject } from 'react';

/** What Tab can reach in a dialog unless the caller narrows it. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Calls `onEscape` when Escape is pressed anywhere while `isActive`. The handler gets the event,
 * so a dialog can stop it from reaching window-level listeners.
 */
export function useEscapeKey(isActive: boolean, onEscape: (event: KeyboardEvent) => void) {
  // Kept in a ref so a new callback on each render does not re-add the listener.
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscapeRef.current(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isActive]);
}

interface FocusTrapOptions {
  isActive: boolean;
  onEscape: (event: KeyboardEvent) => void;
  /** The elements Tab cycles through inside the container. */
  focusable?: string;
  /** The element to focus when the trap starts; without it focus stays where it is. */
  initialFocus?: (container: HTMLElement) => HTMLElement | null;
  /** Give focus back to the element that had it when the trap started, once it ends. */
  restoreFocus?: boolean;
}

/**
 * Keeps Tab and Shift+Tab inside `containerRef` while `isActive` (wrapping from the last
 * element to the first and back) and calls `onEscape` on Escape, as a modal dialog should.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  {
    isActive,
    onEscape,
    focusable = FOCUSABLE,
    initialFocus,
    restoreFocus = false,
  }: FocusTrapOptions,
) {
  useEscapeKey(isActive, onEscape);
  // Read once when the trap starts, so it needs no place among the effect's dependencies.
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    if (!isActive) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    if (container) initialFocusRef.current?.(container)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const current = containerRef.current;
      if (event.key !== 'Tab' || !current) return;
      const items = Array.from(current.querySelectorAll<HTMLElement>(focusable));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (restoreFocus) opener?.focus();
    };
  }, [isActive, containerRef, focusable, restoreFocus]);
}
