import type { Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../ui/logo';
import { DashboardIcon } from './dashboard-icons';

interface DashboardHeaderProps {
  isNarrow: boolean;
  isDrawerOpen: boolean;
  drawerId: string;
  toggleRef: Ref<HTMLButtonElement>;
  onToggleDrawer: () => void;
  onOpenRewards: () => void;
  userName: string;
}

/** The top bar: the drawer toggle on small screens, the Rewards button, and who is signed in. */
export function DashboardHeader({
  isNarrow,
  isDrawerOpen,
  drawerId,
  toggleRef,
  onToggleDrawer,
  onOpenRewards,
  userName,
}: DashboardHeaderProps) {
  const isOnTradePage = useLocation().pathname === paths.dashboard.trade.getHref();
  const initials = userName
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <header className="sticky top-0 z-40 flex h-16 shrink-0 items-center gap-2 border-b border-line bg-white px-3 md:px-8">
      {isNarrow && (
        <>
          <button
            ref={toggleRef}
            type="button"
            aria-label="Menu"
            aria-expanded={isDrawerOpen}
            aria-controls={drawerId}
            onClick={onToggleDrawer}
            className="flex h-11 w-11 items-center justify-center rounded-[12px] text-ink hover:bg-mist"
          >
            <DashboardIcon name={isDrawerOpen ? 'close' : 'menu'} className="h-6 w-6" />
          </button>
          <Link to={paths.root.getHref()} className="inline-flex rounded">
            <Logo className="h-7" />
          </Link>
        </>
      )}
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        {!isOnTradePage && (
          <Link
            to={paths.dashboard.trade.getHref()}
            className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-3 font-semibold text-white hover:bg-brand-deep sm:px-4"
          >
            Trade
          </Link>
        )}
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onOpenRewards}
          className="inline-flex min-h-11 items-center gap-2 rounded-[12px] border border-gold bg-gold/15 px-3 font-semibold text-ink hover:bg-gold/25 sm:px-4"
        >
          {/* On a 360 px phone the menu, logo, Trade and Rewards fit only without the icon. */}
          <DashboardIcon name="gift" className="hidden h-5 w-5 text-pending min-[400px]:block" />
          Rewards
        </button>
        {userName && (
          <span className="hidden items-center gap-2 md:flex">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
            >
              {initials}
            </span>
            <span className="text-sm font-medium text-ink">{userName}</span>
          </span>
        )}
      </div>
    </header>
  );
}
