import type { User } from '@karta/shared/schemas/users';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { CloseIcon, MenuIcon } from '../../components/ui/line-icons';
import { consolePaths } from '../../config/console-paths';
import { paths } from '../../config/paths';
import { useEscapeKey } from '../../lib/use-focus-trap';
import { consoleLinksFor, consoleLinksIn, currentDeskOf } from './console-nav';

/**
 * Every desk fits one row of the header from 1280 px (an admin's ten, with room for one more);
 * below it the desks are in the menu and the header is one 64 px row (decision 071).
 */
export const CONSOLE_WIDE_QUERY = '(min-width: 1280px)';

const DESK_LINK = 'inline-flex min-h-11 items-center rounded-[12px] font-semibold';
const deskLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${DESK_LINK} ${isActive ? 'bg-brand/10 text-brand-deep' : 'text-slate hover:text-ink'}`;

interface ConsoleHeaderProps {
  user: User | null;
  /** From 1280 px: the desks in the header's row, and the menu holds the account's entries. */
  isWide: boolean;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  /** `returnFocus` is false when a link was chosen: the new page takes the focus then. */
  onCloseMenu: (returnFocus: boolean) => void;
  onSignOut: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/** The desks as links, from the one list of console-nav.ts (one more desk is one more entry there). */
function DeskLinks({
  role,
  className,
  linkClassName,
  onChoose,
}: {
  role: User['role'] | undefined;
  className: string;
  linkClassName: string;
  onChoose?: () => void;
}) {
  return (
    <nav aria-label="Operator console" className="min-w-0">
      <ul className={className}>
        {consoleLinksIn(role, 'desks').map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onChoose}
              className={(state) => `${deskLinkClass(state)} ${linkClassName}`}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const initialsOf = (user: User) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

/**
 * The console's header: one row at every width (docs/console.md). On small screens the logo, the
 * desk open now and Menu, which lists the desks, who is signed in, their own pages (Security),
 * Dashboard and Sign out; from 1280 px the desks sit in the row and the menu, under the staff
 * member's initials, holds the rest.
 */
export function ConsoleHeader({
  user,
  isWide,
  isMenuOpen,
  onToggleMenu,
  onCloseMenu,
  onSignOut,
  toggleRef,
}: ConsoleHeaderProps) {
  const { pathname } = useLocation();
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const desk = currentDeskOf(consoleLinksFor(user?.role), pathname);
  const name = user ? `${user.first_name} ${user.last_name}` : '';

  useEscapeKey(isMenuOpen, () => {
    onCloseMenu(true);
  });
  // An opened menu takes focus, so keyboard and screen reader users land inside it.
  useEffect(() => {
    if (isMenuOpen) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [isMenuOpen]);

  const chooseLink = () => {
    onCloseMenu(false);
  };

  return (
    <header className="sticky top-0 z-40 h-16 border-b border-line bg-white">
      <div className="mx-auto flex h-full w-full max-w-screen-2xl items-center gap-3 px-4 md:px-8 xl:gap-4 xl:px-6">
        <Link to={consolePaths.root.getHref()} className="inline-flex shrink-0 rounded">
          <Logo className="h-7" />
        </Link>
        {isWide ? (
          <div className="min-w-0 flex-1">
            <DeskLinks
              role={user?.role}
              className="flex items-center gap-0.5"
              linkClassName="px-2 text-sm whitespace-nowrap"
            />
          </div>
        ) : (
          // Which desk this is, since the desks' names are in the menu.
          <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate">{desk?.label}</p>
        )}
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={isMenuOpen}
          aria-controls={panelId}
          onClick={onToggleMenu}
          className={
            isWide
              ? 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white hover:bg-brand-deep'
              : 'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-[12px] border border-line px-3 font-semibold text-ink hover:bg-mist'
          }
        >
          {isWide ? (
            <>
              <span aria-hidden="true">{user ? initialsOf(user) : ''}</span>
              <span className="sr-only">Your account</span>
            </>
          ) : (
            <>
              {isMenuOpen ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
              Menu
            </>
          )}
        </button>
      </div>
      {isMenuOpen && (
        <>
          <div
            aria-hidden="true"
            onClick={() => {
              onCloseMenu(false);
            }}
            className="fixed inset-0 top-16 z-30 bg-ink/50"
          />
          <div
            id={panelId}
            ref={panelRef}
            className={`absolute z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto bg-white shadow-lg ${
              isWide
                ? 'top-full right-6 w-72 rounded-b-[12px] border border-t-0 border-line'
                : 'inset-x-0 top-full border-b border-line'
            }`}
          >
            {!isWide && (
              <div className="border-b border-line p-3">
                <DeskLinks
                  role={user?.role}
                  className="grid grid-cols-2 gap-1"
                  linkClassName="w-full px-3"
                  onChoose={chooseLink}
                />
              </div>
            )}
            <div className="flex flex-col gap-2 p-4">
              {name && (
                <p className="text-sm text-slate">
                  Signed in as <span className="font-semibold text-ink">{name}</span>
                </p>
              )}
              <nav aria-label="Your account">
                <ul className="flex flex-col">
                  {consoleLinksIn(user?.role, 'account').map((link) => (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        onClick={chooseLink}
                        className={(state) => `${deskLinkClass(state)} w-full px-3`}
                      >
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  to={paths.dashboard.root.getHref()}
                  onClick={chooseLink}
                  className="inline-flex min-h-11 items-center px-1 font-semibold text-brand underline hover:text-brand-deep"
                >
                  Dashboard
                </Link>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={onSignOut}
                  className="ml-auto inline-flex min-h-11 items-center rounded-[12px] border border-line px-3 font-semibold text-ink hover:bg-mist"
                >
                  Sign out
                </button>
              </div>
            </div>
          </div>
        </>
      )}
    </header>
  );
}
