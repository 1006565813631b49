import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { isChunkLoadFailure } from '../../../lib/load-chunk';
import { paths } from '../../../config/paths';
import { primaryLinkClass, secondaryLinkClass } from './link-styles';

/** Status and text for a route error response; the message of anything else that was thrown. */
function describe(error: unknown): { status?: number; text: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : '';
    return { status: error.status, text: error.statusText || detail || 'Something went wrong' };
  }
  if (error instanceof Error) return { text: error.message || 'Something went wrong' };
  return { text: 'Something went wrong' };
}

/** The logo and a centred column: no layout, no app state, since the app itself failed. */
function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-mist">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <a href={paths.home.getHref()} aria-label="Karta home">
            <Logo />
          </a>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        {children}
      </main>
    </div>
  );
}

/**
 * The root errorElement (docs/product.md §8): it replaces every layout, so it stands alone and uses
 * plain links, which reload the app from a clean state.
 */
export function AppErrorPage() {
  const error = useRouteError();
  const { status, text } = describe(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isChunkLoadFailure(error)) return <ConnectionLostPage />;
  return (
    <StandalonePage>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 rounded-[12px] border border-line bg-white px-4 py-3 text-ink">
        {status !== undefined && <span className="money font-semibold">{status} </span>}
        <span>{text}</span>
      </p>
      <p className="mt-4 leading-relaxed text-slate">
        Something broke on our side, not yours. Reload the page to try again; your account and your
        money are safe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={primaryLinkClass}
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload page
        </button>
        <a href={paths.root.getHref()} className={secondaryLinkClass}>
          Go to Homepage
        </a>
      </div>
    </StandalonePage>
  );
}

/**
 * A page's code could not be fetched, twice (lib/load-chunk.ts): the connection dropped or the
 * phone is offline. Said plainly, without blaming the server, with a way to try again.
 */
function ConnectionLostPage() {
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <StandalonePage>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">
        {isOffline ? 'You are offline' : 'This page did not load'}
      </h1>
      <p className="mt-4 leading-relaxed text-slate">
        {isOffline
          ? 'Your phone has no connection. Connect to mobile data or Wi-Fi, then try again.'
          : 'The connection dropped while the page was loading. Check your connection, then try again.'}{' '}
        Your account and your money are safe.
      </p>
      <button
        type="button"
        className={`mt-8 ${primaryLinkClass}`}
        onClick={() => {
          window.location.reload();
        }}
      >
        Try again
      </button>
    </StandalonePage>
  );
}
