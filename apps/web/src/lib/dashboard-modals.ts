import { createContext, useContext } from 'react';

/** The dialogs the signed-in shell owns (app/layouts/dashboard-modals.tsx renders them). */
export type DashboardModalName =
  'rewards' | 'changePassword' | 'changePin' | 'deactivate' | 'delete' | 'signOut';

/**
 * Opens one of the shell's dialogs from a page inside it: the withdraw flow asks for the PIN
 * dialog without importing the account feature that draws it (decision 018).
 */
export const OpenDashboardModalContext = createContext<((name: DashboardModalName) => void) | null>(
  null,
);

export function useOpenDashboardModal() {
  const open = useContext(OpenDashboardModalContext);
  if (!open) throw new Error('useOpenDashboardModal is for pages inside the dashboard layout');
  return open;
}
