import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PhoneIllustration } from './illustrations';

/**
 * docs/product.md §2's download block, saying what is true (decision 035): there is no Karta app in the stores
 * yet, and the web app does everything on a phone, so the block sends people there instead of
 * to a store search that finds nothing.
 */
export function DownloadBlock() {
  return (
    <section aria-labelledby="download" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 md:pb-20">
      <div className="grid items-center gap-8 overflow-hidden rounded-[20px] bg-brand-deep px-6 pt-10 text-white sm:px-10 md:grid-cols-[1.3fr_1fr] md:pt-0">
        <div className="md:py-14">
          <h2 id="download" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Trade from your phone
          </h2>
          <p className="mt-4 max-w-lg text-lg leading-relaxed text-white/85">
            Karta works in your phone&rsquo;s browser: sell a card, follow its review and withdraw
            to your bank, with nothing to install. Apps for iPhone and Android are not out yet; we
            will say so here when they are.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={paths.register.getHref()}
              className="inline-flex min-h-14 items-center rounded-[12px] bg-white px-6 text-lg font-semibold text-brand-deep transition-colors hover:bg-white/90"
            >
              Create a free account
            </Link>
            <Link
              to={paths.login.getHref()}
              className="inline-flex min-h-14 items-center rounded-[12px] border border-white/60 px-6 text-lg font-semibold text-white transition-colors hover:bg-white/10"
            >
              Log in
            </Link>
          </div>
        </div>
        <PhoneIllustration className="mx-auto -mb-2 h-64 w-auto md:h-80 md:self-end" />
      </div>
    </section>
  );
}
