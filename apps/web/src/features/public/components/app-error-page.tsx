import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '../../../components/ui/logo';
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

/**
 * The root errorElement (spec §8): it replaces every layout, so it stands alone and uses
 * plain links, which reload the app from a clean state.
 */
export function AppErrorPage() {
  const error = useRouteError();
  const { status, text } = describe(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
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
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">
          Unexpected Application Error!
        </h1>
        <p className="mt-4 rounded-[12px] border border-line bg-white px-4 py-3 text-ink">
          {status !== undefined && <span className="money font-semibold">{status} </span>}
          <span>{text}</span>
        </p>
        <p className="mt-4 leading-relaxed text-slate">
          Something broke on our side, not yours. Reload the page to try again; your account and
          your money are safe.
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
      </main>
    </div>
  );
}
