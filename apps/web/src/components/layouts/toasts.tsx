import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Toasts start half a rem below the sticky 4rem header (site and dashboard), not on it: at the top on a
 * phone react-toastify spans the screen's width and would cover the menu and the bell ("Welcome
 * back" did). The inline `top` beats the library's own, phone rule included.
 */
const TOASTS_TOP = 'calc(4.5rem + env(safe-area-inset-top, 0px))';

/** Top-right, closing after 3000 ms (docs/product.md §9). Loaded after the page, so it costs no first paint. */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={3000}
      newestOnTop
      limit={3}
      style={{ top: TOASTS_TOP }}
    />
  );
}
