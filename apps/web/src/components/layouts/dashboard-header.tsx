import type { ReactNode, Ref } from 'react';
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
  /** The notices bell: a feature, so app/ hands it in (web layers: shared code imports none). */
  notices?: ReactNode;
}

/**
 * The top bar: the drawer toggle on small screens, Trade, Withdraw, Rewards, the notices bell,
 * and who is signed in.
 */
export function DashboardHeader({
  isNarrow,
  isDrawerOpen,
  drawerId,
  toggleRef,
  onToggleDrawer,
  onOpenRewards,
  userName,
  notices,
}: DashboardHeaderProps) {
  const { pathname } = useLocation();
  const isOnTradePage = pathname === paths.dashboard.trade.getHref();
  const isOnWithdrawPage = pathname === paths.dashboard.withdraw.getHref();
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
          {/* Below 400 px only the card mark shows (clipped), so Trade, Withdraw, Rewards and the
              bell fit a 360 px phone; the drawer shows the whole logo. */}
          <Link
            to={paths.root.getHref()}
            className="inline-flex w-[26px] shrink-0 overflow-hidden rounded min-[400px]:w-auto"
          >
            <Logo className="h-7 max-w-none shrink-0" />
          </Link>
        </>
      )}
      <div className="ml-auto flex items-center gap-1.5 text-sm min-[400px]:gap-2 min-[400px]:text-base sm:gap-3">
        {!isOnTradePage && (
          <Link
            to={paths.dashboard.trade.getHref()}
            className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-2.5 font-semibold text-white hover:bg-brand-deep min-[400px]:px-3 sm:px-4"
          >
            Trade
          </Link>
        )}
        {!isOnWithdrawPage && (
          <Link
            to={paths.dashboard.withdraw.getHref()}
            className="inline-flex min-h-11 items-center rounded-[12px] border border-brand bg-white px-2.5 font-semibold text-brand hover:bg-brand/5 min-[400px]:px-3 sm:px-4"
          >
            Withdraw
          </Link>
        )}
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onOpenRewards}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-[12px] border border-gold bg-gold/15 font-semibold text-ink hover:bg-gold/25 min-[400px]:px-3 sm:px-4"
        >
          {/* Below 400 px the gift alone (its name stays for screen readers), so the menu, mark,
              Trade, Withdraw, Rewards and the bell fit a 360 px phone. */}
          <DashboardIcon name="gift" className="h-5 w-5 text-pending" />
          <span className="sr-only min-[400px]:not-sr-only">Rewards</span>
        </button>
        {notices}
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
