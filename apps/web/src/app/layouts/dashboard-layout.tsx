import { MOBILE_BREAKPOINT_PX } from '@karta/shared/constants';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectKnownUser, selectUser } from '../../lib/session/auth-slice';
import { OpenDashboardModalContext, type DashboardModalName } from '../../lib/dashboard-modals';
import { useEscapeKey } from '../../lib/use-focus-trap';
import { useHistoryLength } from '../../lib/use-history-length';
import { DashboardHeader } from '../../components/layouts/dashboard-header';
import { NoticesBell } from '../../features/notices/components/notices-bell';
import { DashboardSidebar } from '../../components/layouts/dashboard-sidebar';
import { PinPrompt } from '../../components/layouts/pin-prompt';
import { OfflineBanner } from '../../components/layouts/offline-banner';
import { InstallPrompt } from '../../components/layouts/install-prompt';
import { useLiveUpdates } from '../../lib/live-events/use-live-updates';
import { registerServiceWorker } from '../../lib/offline/service-worker';

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
  };
};
const isNarrowScreen = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

// The shell's dialogs (password, PIN, deactivate, delete, sign out, rewards) and their forms load
// after the first screen, not in it: on slow 3G each file the first screen waits for is a share
// of a 2 s round trip on six connections, and no dialog is open when the balance first shows.
// The layout renders them at once, so their chunk is fetched as soon as the shell is up.
const DashboardModals = lazy(() =>
  import('./dashboard-modals').then((module) => ({ default: module.DashboardModals })),
);

/** The signed-in shell (docs/product.md §2): sidebar, top header with Rewards, the page, and the dialogs. */
export function DashboardLayout() {
  useHistoryLength();
  // The live stream keeps the bell, the trade and withdrawal pages and the lists fresh (069).
  useLiveUpdates();
  // The seller's pages are what is worth reading offline; the public pages load as before.
  useEffect(registerServiceWorker, []);
  const user = useAppSelector(selectUser);
  // Offline before the session is restored, only what the device remembers (decision 053).
  const knownUser = useAppSelector(selectKnownUser);
  const { pathname } = useLocation();
  const isNarrow = useSyncExternalStore(subscribeToResize, isNarrowScreen);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The drawer stays open only on the page it was opened on, so any navigation closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const [activeModal, setActiveModal] = useState<DashboardModalName | null>(null);
  const [isPinPromptDismissed, setIsPinPromptDismissed] = useState(false);
  const isDrawerOpen = isNarrow && drawerPath === pathname;

  const closeDrawer = useCallback(() => {
    setDrawerPath(null);
    toggleRef.current?.focus();
  }, []);

  // Not a focus trap: Tab must still reach the header's toggle, which closes the drawer.
  useEscapeKey(isDrawerOpen, closeDrawer);

  const openModal = (name: DashboardModalName) => {
    // Focus goes to the toggle first, so the dialog hands it back there (the drawer hides).
    if (isDrawerOpen) closeDrawer();
    setActiveModal(name);
  };

  return (
    <div className="flex min-h-screen bg-mist">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-[12px] focus:bg-white focus:px-4 focus:py-2 focus:text-brand"
      >
        Skip to content
      </a>
      {!isNarrow && (
        <DashboardSidebar
          id={drawerId}
          isDrawer={false}
          isDrawerOpen={false}
          onOpenModal={openModal}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          isNarrow={isNarrow}
          isDrawerOpen={isDrawerOpen}
          drawerId={drawerId}
          toggleRef={toggleRef}
          onToggleDrawer={() => {
            if (isDrawerOpen) closeDrawer();
            else setDrawerPath(pathname);
          }}
          onOpenRewards={() => {
            openModal('rewards');
          }}
          userName={user ? `${user.first_name} ${user.last_name}` : (knownUser?.first_name ?? '')}
          notices={user ? <NoticesBell userId={user.id} /> : null}
        />
        {isNarrow && (
          <>
            {isDrawerOpen && (
              <div
                aria-hidden="true"
                onClick={closeDrawer}
                className="fixed inset-0 top-16 z-30 bg-ink/50"
              />
            )}
            <DashboardSidebar
              id={drawerId}
              isDrawer
              isDrawerOpen={isDrawerOpen}
              onOpenModal={openModal}
            />
          </>
        )}
        <main
          id="main-content"
          tabIndex={-1}
          inert={isDrawerOpen}
          className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 md:px-8 md:py-8"
        >
          <OfflineBanner />
          <InstallPrompt />
          {user?.has_pin === false && !isPinPromptDismissed && (
            <PinPrompt
              onSetPin={() => {
                openModal('changePin');
              }}
              onDismiss={() => {
                setIsPinPromptDismissed(true);
              }}
            />
          )}
          <OpenDashboardModalContext value={openModal}>
            <Outlet />
          </OpenDashboardModalContext>
        </main>
      </div>
      <Suspense fallback={null}>
        <DashboardModals
          active={activeModal}
          onClose={() => {
            setActiveModal(null);
          }}
        />
      </Suspense>
    </div>
  );
}
