import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useScrollLock } from '../../lib/use-scroll-lock';
import { CloseIcon } from '../ui/line-icons';
import { Logo } from '../ui/logo';
import type { NavLinkItem } from './public-nav';

export interface MobileMenuProps {
  id: string;
  isOpen: boolean;
  /** `returnFocus` is false when a link was chosen: the new page takes the focus then. */
  onClose: (returnFocus: boolean) => void;
  links: readonly NavLinkItem[];
  action: NavLinkItem;
}

/**
 * docs/product.md §9: the panel slides for 0.3 s; each link fades for 0.5 s, 0.1 s after the one above.
 * The timings are inline styles, so one constant drives both the CSS and the unmount timer.
 */
const SLIDE_MS = 300;
const FADE_MS = 500;
const STAGGER_S = 0.1;
const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The full-screen menu of small screens, with the header's links (docs/product.md §2). It opens with
 * CSS transitions from `@starting-style` (no animation library), stays mounted while it slides
 * out, closes on Escape, keeps Tab inside itself and locks page scrolling while open.
 */
export function MobileMenu({ id, isOpen, onClose, links, action }: MobileMenuProps) {
  const [isRendered, setIsRendered] = useState(isOpen);
  const panelRef = useRef<HTMLDivElement>(null);
  if (isOpen && !isRendered) setIsRendered(true);

  useEffect(() => {
    if (isOpen || !isRendered) return;
    const timer = setTimeout(() => {
      setIsRendered(false);
    }, SLIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [isOpen, isRendered]);

  useScrollLock(isOpen);
  useFocusTrap(panelRef, {
    isActive: isOpen,
    onEscape: () => {
      onClose(true);
    },
    focusable: FOCUSABLE,
    initialFocus: (panel) => panel.querySelector<HTMLElement>('button'),
  });

  if (!isRendered) return null;
  const chooseLink = () => {
    onClose(false);
  };
  const fadeClass = `transition-[opacity,translate] ease-out starting:translate-y-3 starting:opacity-0 ${isOpen ? 'translate-y-0 opacity-100' : 'opacity-0'}`;
  const delayFor = (index: number) => ({
    transitionDuration: `${FADE_MS}ms`,
    transitionDelay: isOpen ? `${(STAGGER_S * (index + 1)).toFixed(1)}s` : '0s',
  });

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      inert={!isOpen}
      style={{ transitionDuration: `${SLIDE_MS}ms` }}
      className={`fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white transition-transform ease-out starting:translate-x-full md:hidden ${isOpen ? 'translate-x-0' : 'translate-x-full'}`}
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-4 sm:px-6">
        <Link to={paths.home.getHref()} aria-label="Karta home" onClick={chooseLink}>
          <Logo />
        </Link>
        <button
          type="button"
          aria-label="Close menu"
          onClick={() => {
            onClose(true);
          }}
          className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-mist"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
      </div>
      <nav aria-label="Main" className="flex-1 px-4 py-6 sm:px-6">
        <ul className="flex flex-col">
          {links.map((link, index) => (
            <li key={link.to} className={fadeClass} style={delayFor(index)}>
              <NavLink
                to={link.to}
                onClick={chooseLink}
                className={({ isActive }) =>
                  `flex min-h-14 items-center border-b border-line text-2xl font-semibold ${isActive ? 'text-brand' : 'text-ink'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={`px-4 pb-8 sm:px-6 ${fadeClass}`} style={delayFor(links.length)}>
        <Link
          to={action.to}
          onClick={chooseLink}
          className="flex min-h-12 w-full items-center justify-center rounded-[12px] bg-brand px-5 text-lg font-semibold text-white hover:bg-brand-deep"
        >
          {action.label}
        </Link>
      </div>
    </div>
  );
}
