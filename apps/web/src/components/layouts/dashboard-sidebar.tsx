import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectUser } from '../../lib/session/auth-slice';
import { paths } from '../../config/paths';
import { Logo } from '../ui/logo';
import { DashboardIcon } from './dashboard-icons';
import type { DashboardModalName } from '../../lib/dashboard-modals';
import { MAIN_LINKS, OPERATOR_LINK, SETTINGS_SECTIONS, type NavEntry } from './dashboard-nav';
import { isOperator } from './operator-role';

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-[12px] px-3 py-2 text-left text-[15px] font-medium transition-colors';
const IDLE = 'text-white/90 hover:bg-white/10 hover:text-white';
const ACTIVE = 'bg-white/15 text-white shadow-[inset_3px_0_0_var(--color-gold)]';

interface DashboardSidebarProps {
  id: string;
  /** Below 768 px the sidebar is a drawer that slides over the page. */
  isDrawer: boolean;
  isDrawerOpen: boolean;
  onOpenModal: (name: DashboardModalName) => void;
}

export function DashboardSidebar({
  id,
  isDrawer,
  isDrawerOpen,
  onOpenModal,
}: DashboardSidebarProps) {
  const { pathname } = useLocation();
  const settingsId = useId();
  const asideRef = useRef<HTMLElement>(null);
  const [isSettingsOpen, setIsSettingsOpen] = useState(true);
  const isInSettings = pathname.startsWith(paths.dashboard.settings.getHref());
  const canReviewTrades = isOperator(useAppSelector(selectUser));

  // An opened drawer takes focus, so keyboard and screen reader users land inside it.
  useEffect(() => {
    if (isDrawer && isDrawerOpen)
      asideRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [isDrawer, isDrawerOpen]);

  const renderEntry = (entry: NavEntry) => (
    <li key={entry.label}>
      {'to' in entry ? (
        <NavLink to={entry.to} className={({ isActive }) => `${ITEM} ${isActive ? ACTIVE : IDLE}`}>
          <DashboardIcon name={entry.icon} />
          {entry.label}
        </NavLink>
      ) : (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            onOpenModal(entry.modal);
          }}
          className={`${ITEM} ${IDLE}`}
        >
          <DashboardIcon name={entry.icon} />
          {entry.label}
        </button>
      )}
    </li>
  );

  return (
    <aside
      id={id}
      ref={asideRef}
      hidden={isDrawer && !isDrawerOpen}
      aria-label="Dashboard menu"
      className={`flex flex-col bg-brand-deep text-white ${
        isDrawer
          ? 'fixed top-16 bottom-0 left-0 z-40 w-[min(18rem,85vw)] overflow-y-auto shadow-xl'
          : 'sticky top-0 h-screen w-64 shrink-0 overflow-y-auto'
      }`}
    >
      {!isDrawer && (
        <Link to={paths.root.getHref()} className="mx-5 mt-6 mb-4 inline-flex w-fit rounded">
          <Logo isInverted />
        </Link>
      )}
      <nav aria-label="Dashboard" className="flex-1 px-3 py-4">
        <ul className="flex flex-col gap-1">
          {MAIN_LINKS.map(renderEntry)}
          {canReviewTrades && renderEntry(OPERATOR_LINK)}
        </ul>
        <div className="mt-4 border-t border-white/15 pt-4">
          <button
            type="button"
            aria-expanded={isSettingsOpen}
            aria-controls={settingsId}
            onClick={() => {
              setIsSettingsOpen((open) => !open);
            }}
            className={`${ITEM} ${isInSettings && !isSettingsOpen ? ACTIVE : IDLE}`}
          >
            <DashboardIcon name="settings" />
            <span className="flex-1">Settings</span>
            <DashboardIcon
              name="chevron"
              className={`h-4 w-4 transition-transform ${isSettingsOpen ? 'rotate-180' : ''}`}
            />
          </button>
          <div id={settingsId} hidden={!isSettingsOpen} className="mt-1 pl-2">
            {SETTINGS_SECTIONS.map((section) => (
              <div key={section.title} className="mt-2">
                <h3 className="px-3 pb-1 text-xs font-semibold text-white/75">{section.title}</h3>
                <ul className="flex flex-col gap-1">{section.entries.map(renderEntry)}</ul>
              </div>
            ))}
          </div>
        </div>
      </nav>
      <div className="border-t border-white/15 p-3">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            onOpenModal('signOut');
          }}
          className={`${ITEM} ${IDLE}`}
        >
          <DashboardIcon name="logout" />
          Sign out
        </button>
      </div>
    </aside>
  );
}
