import { Outlet, ScrollRestoration } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useSessionKeeper } from '../../features/auth/use-session-keeper';

/** Around every page: the session keeper and the toasts (top-right, 3000 ms, spec §9). */
export function RootLayout() {
  useSessionKeeper();
  return (
    <>
      <Outlet />
      <ToastContainer position="top-right" autoClose={3000} newestOnTop limit={3} />
      <ScrollRestoration />
    </>
  );
}
