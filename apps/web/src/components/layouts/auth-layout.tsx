import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../ui/logo';

interface AuthLayoutProps {
  title: string;
  /** A line or two under the title: what this step is for. */
  intro?: ReactNode;
  /** Below the card: the way to the other guest page ("Create an Account", "Log in"). */
  footer?: ReactNode;
  /** The register form has twice as many fields and uses two columns from tablet width. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** What a seller fears is being cheated; the brand panel answers with facts, not slogans. */
const PROMISES = [
  'The rate you see when you submit a card is the rate recorded on your trade.',
  'Every decision on a card comes with its reason.',
  'Withdraw your naira to any Nigerian bank account.',
  'Support is available 24/7.',
];

/**
 * The guest pages' frame: on desktop a calm brand panel beside the form, on phones a single
 * column with the logo above the card.
 */
export function AuthLayout({ title, intro, footer, width = 'narrow', children }: AuthLayoutProps) {
  return (
    <div className="min-h-screen bg-mist lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="hidden flex-col justify-between gap-10 bg-brand-deep p-12 text-white lg:sticky lg:top-0 lg:flex lg:h-screen">
        <Link
          to={paths.home.getHref()}
          className="self-start rounded-[8px]"
          aria-label="Karta home"
        >
          <Logo isInverted className="h-10" />
        </Link>
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-bold">Your gift cards, paid in naira.</p>
          <p className="mt-3 text-lg text-white/85">No surprises between the rate and your bank.</p>
          <ul className="mt-8 flex flex-col gap-4">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex gap-3 text-base text-white/90">
                <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-gold" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/75">For adults 18 and over in Nigeria.</p>
      </aside>

      <main className="flex min-h-screen flex-col items-center px-4 py-6 sm:px-8 sm:py-10 lg:justify-center">
        <div className={`w-full ${width === 'wide' ? 'max-w-2xl' : 'max-w-md'}`}>
          <Link
            to={paths.home.getHref()}
            className="mb-6 inline-flex rounded-[8px] lg:hidden"
            aria-label="Karta home"
          >
            <Logo />
          </Link>
          <section
            aria-labelledby="auth-title"
            className="rounded-[12px] border border-line bg-white p-5 shadow-sm sm:p-8"
          >
            <h1 id="auth-title" className="text-2xl font-bold text-ink">
              {title}
            </h1>
            {intro && <div className="mt-2 text-base text-slate">{intro}</div>}
            <div className="mt-6">{children}</div>
          </section>
          {footer && <div className="mt-6 text-center text-base text-slate">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
