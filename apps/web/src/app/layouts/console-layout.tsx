import { useState, useSyncExternalStore } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { paths } from '../../config/paths';
import { SignOutModal } from '../../features/account/components/sign-out-modal';
import { selectUser } from '../../lib/session/auth-slice';
import { Logo } from '../../components/ui/logo';
import { isOperator } from '../../components/layouts/operator-role';
import { consolePaths } from '../../config/console-paths';
import { consoleLinksFor } from './console-nav';
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
 * The operator console's shell (docs/ARCHITECTURE.md#the-operator-console): the logo, the desks, who is signed in and
 * Sign out. Accounts without the operator role see why they cannot come in.
 */
export function ConsoleLayout() {
  const user = useAppSelector(selectUser);
  // The live stream keeps the queues fresh (decision 069).
  useLiveUpdates();
  const [isSignOutOpen, setIsSignOutOpen] = useState(false);
  const { pathname } = useLocation();
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
      <header className="sticky top-0 z-40 border-b border-line bg-white">
        <div className="mx-auto flex min-h-16 w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 md:px-8">
          <Link to={consolePaths.root.getHref()} className="inline-flex rounded">
            <Logo className="h-7" />
          </Link>
          <nav aria-label="Operator console">
            {consoleLinksFor(user?.role).map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-[12px] px-3 font-semibold ${isActive ? 'bg-brand/10 text-brand-deep' : 'text-slate hover:text-ink'}`
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            {user && (
              <span className="text-sm font-medium text-ink">
                {user.first_name} {user.last_name}
              </span>
            )}
            <Link
              to={paths.dashboard.root.getHref()}
              className="hidden min-h-11 items-center px-2 text-sm font-semibold text-brand underline hover:text-brand-deep sm:inline-flex"
            >
              Dashboard
            </Link>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => {
                setIsSignOutOpen(true);
              }}
              className="inline-flex min-h-11 items-center rounded-[12px] border border-line px-3 text-sm font-semibold text-ink hover:bg-mist"
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8 md:py-8"
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
