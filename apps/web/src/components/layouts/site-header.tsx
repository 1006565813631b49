import { useId, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { paths } from '../../config/paths';
import { selectToken } from '../../lib/session/auth-slice';
import { MenuIcon } from '../ui/line-icons';
import { Logo } from '../ui/logo';
import type { MobileMenuProps } from './mobile-menu';
import { PUBLIC_NAV_LINKS } from './public-nav';

/**
 * The mobile menu's code (with its focus trap and scroll lock) loads when a visitor reaches for
 * the menu button, not with every public page (docs/decisions/014-react-runtime.md). A failed load is tried
 * again on the next tap.
 */
let loadingMenu: Promise<ComponentType<MobileMenuProps>> | undefined;
const loadMobileMenu = () => {
  loadingMenu ??= import('./mobile-menu')
    .then((module) => module.MobileMenu)
    .catch((error: unknown) => {
      loadingMenu = undefined;
      throw error;
    });
  return loadingMenu;
};
const preloadMobileMenu = () => {
  loadMobileMenu().catch(() => undefined);
};

/**
 * Logo, top navigation and one call to action (docs/product.md §2): Dashboard for a signed-in visitor
 * (a token is held), Get Started for everyone else, including while the session is still
 * being checked, so the header never waits for the network.
 */
export function SiteHeader() {
  const isSignedIn = Boolean(useAppSelector(selectToken));
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [MobileMenu, setMobileMenu] = useState<ComponentType<MobileMenuProps> | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const action = isSignedIn
    ? { label: 'Dashboard', to: paths.dashboard.root.getHref() }
    : { label: 'Get Started', to: paths.login.getHref() };

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home.getHref()} aria-label="Karta home" className="shrink-0">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-[12px] px-3 font-medium transition-colors hover:bg-mist hover:text-brand-deep ${isActive ? 'text-brand' : 'text-slate'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link
            to={action.to}
            className="inline-flex min-h-11 items-center justify-center rounded-[12px] bg-brand px-4 font-semibold whitespace-nowrap text-white transition-colors hover:bg-brand-deep sm:px-5"
          >
            {action.label}
          </Link>
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? menuId : undefined}
            onPointerDown={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => {
              loadMobileMenu().then(
                (menu) => {
                  setMobileMenu(() => menu);
                  setIsMenuOpen(true);
                },
                (error: unknown) => {
                  console.error(error);
                },
              );
            }}
            className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-mist md:hidden"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
        </div>
      </div>
      {MobileMenu && (
        <MobileMenu
          id={menuId}
          isOpen={isMenuOpen}
          links={PUBLIC_NAV_LINKS}
          action={action}
          onClose={(returnFocus) => {
            setIsMenuOpen(false);
            if (returnFocus) menuButtonRef.current?.focus();
          }}
        />
      )}
    </header>
  );
}
