import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Top-right, closing after 3000 ms (docs/product.md §9). Loaded after the page, so it costs no first paint. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={3000} newestOnTop limit={3} />;
}
