import type { ReactNode } from 'react';
import { APP_STORE_URL, PLAY_STORE_URL } from '../../../config/links';
import { PhoneIllustration } from './illustrations';

function StoreLink({
  href,
  small,
  name,
  icon,
}: {
  href: string;
  small: string;
  name: string;
  icon: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-14 items-center gap-3 rounded-[12px] bg-ink px-5 text-white transition-colors hover:bg-black"
    >
      {icon}
      <span className="flex flex-col text-left leading-tight">
        <span className="text-xs text-white/80">{small}</span>
        <span className="text-lg font-semibold">{name}</span>
      </span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const PhoneGlyph = (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="h-7 w-7"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
  >
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" strokeLinecap="round" />
  </svg>
);
const PlayGlyph = (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7" fill="currentColor">
    <path d="M5 3.5v17a1 1 0 0 0 1.5.86l14-8.5a1 1 0 0 0 0-1.72l-14-8.5A1 1 0 0 0 5 3.5z" />
  </svg>
);

/** Trading happens in the mobile app (spec §1): where to get it. */
export function DownloadBlock() {
  return (
    <section aria-labelledby="download" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 md:pb-20">
      <div className="grid items-center gap-8 overflow-hidden rounded-[20px] bg-brand-deep px-6 pt-10 text-white sm:px-10 md:grid-cols-[1.3fr_1fr] md:pt-0">
        <div className="md:py-14">
          <h2 id="download" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Trade from your phone
          </h2>
          <p className="mt-4 max-w-lg text-lg leading-relaxed text-white/85">
            Trades are created in the Karta app for iPhone and Android. Your web dashboard shows the
            same trades and withdrawals, so you can check on them from any browser.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <StoreLink
              href={APP_STORE_URL}
              small="Download on the"
              name="App Store"
              icon={PhoneGlyph}
            />
            <StoreLink
              href={PLAY_STORE_URL}
              small="Get it on"
              name="Google Play"
              icon={PlayGlyph}
            />
          </div>
        </div>
        <PhoneIllustration className="mx-auto -mb-2 h-64 w-auto md:h-80 md:self-end" />
      </div>
    </section>
  );
}
