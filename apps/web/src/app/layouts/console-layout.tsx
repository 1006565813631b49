import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { paths } from '../../config/paths';
import { SignOutModal } from '../../features/account/components/sign-out-modal';
import { selectUser } from '../../lib/session/auth-slice';
import { Logo } from '../../components/ui/logo';
import { isOperator } from '../../components/layouts/operator-role';
import { consolePaths } from '../../config/console-paths';
import { useMediaQuery } from '../../lib/use-media-query';
import { CONSOLE_WIDE_QUERY, ConsoleHeader } from './console-header';
import { dynamicMiddleware } from '../../lib/store/root-reducer';
import { useLiveUpdates } from '../../lib/live-events/use-live-updates';
import {
  twoFactorRequiredMiddleware,
  twoFactorRequiredStore,
} from '../../lib/session/two-factor-required';

// Only the console's calls can be refused for want of two-step sign-in (decision 061).
dynamicMiddleware.addMiddleware(twoFactorRequiredMiddleware);

/** A signed-in account without the operator role: say so, and point back to the dashboard. */
function NotForOperators() {
  return (
    <main
      id="main-content"
      className="flex min-h-screen items-center justify-center bg-mist px-4 py-10"
    >
      <section className="flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center">
        <Logo className="mb-6" />
        <h1 className="text-2xl font-bold text-ink">This area is for Karta operators</h1>
        <p className="mt-2 text-slate">
          Your account can sell cards and withdraw naira, but it cannot review trades. Everything
          you need is on your dashboard.
        </p>
        <Link
          to={paths.dashboard.root.getHref()}
          className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          Go to your dashboard
        </Link>
      </section>
    </main>
  );
}

/**
 * The operator console's shell (docs/ARCHITECTURE.md#the-operator-console): a one-row header with the desks, who
 * is signed in and Sign out (console-header.tsx), and the desk. Accounts without the operator role see why they cannot come in.
 */
export function ConsoleLayout() {
  const user = useAppSelector(selectUser);
  // The live stream keeps the queues fresh (decision 069).
  useLiveUpdates();
  const [isSignOutOpen, setIsSignOutOpen] = useState(false);
  const { pathname } = useLocation();
  const isWide = useMediaQuery(CONSOLE_WIDE_QUERY, true);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu stays open only on the page it was opened on, so any navigation closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const isMenuOpen = menuPath === pathname;
  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuPath(null);
    if (returnFocus) toggleRef.current?.focus();
  }, []);
  const isTwoFactorRequired = useSyncExternalStore(
    twoFactorRequiredStore.subscribe,
    twoFactorRequiredStore.get,
    () => false,
  );

  if (!isOperator(user)) return <NotForOperators />;
  // A desk was refused: the team requires two-step sign-in. Security says why and turns it on.
  const security = consolePaths.security.getHref();
  if (isTwoFactorRequired && pathname !== security) return <Navigate to={security} replace />;
  return (
    <div className="flex min-h-screen flex-col bg-mist">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-[12px] focus:bg-white focus:px-4 focus:py-2 focus:text-brand"
      >
        Skip to content
      </a>
      <ConsoleHeader
        user={user}
        isWide={isWide}
        isMenuOpen={isMenuOpen}
        onToggleMenu={() => {
          if (isMenuOpen) closeMenu(true);
          else setMenuPath(pathname);
        }}
        onCloseMenu={closeMenu}
        onSignOut={() => {
          closeMenu(true);
          setIsSignOutOpen(true);
        }}
        toggleRef={toggleRef}
      />
      <main
        id="main-content"
        tabIndex={-1}
        // The menu on small screens covers the page: Tab stays in the header meanwhile.
        inert={isMenuOpen && !isWide}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 md:px-8 md:py-8"
      >
        <Outlet />
      </main>
      <SignOutModal
        isOpen={isSignOutOpen}
        onClose={() => {
          setIsSignOutOpen(false);
        }}
      />
    </div>
  );
}
