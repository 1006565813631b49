import { Link, useLocation } from 'react-router';
import { ClockIcon } from '../../../components/ui/line-icons';
import { paths } from '../../../config/paths';

/**
 * /rate-calculator and /dashboard/rate-calculator (spec §2). Until the calculator is wired to
 * live rates the page says so plainly: no sample numbers, no inputs that do nothing.
 */
export function RateCalculatorPage() {
  const isInDashboard = useLocation().pathname.startsWith(paths.dashboard.root.getHref());
  const contactHref = isInDashboard ? paths.dashboard.contactUs.getHref() : paths.contact.getHref();
  return (
    <div
      className={`mx-auto w-full max-w-3xl ${isInDashboard ? '' : 'px-4 py-12 sm:px-6 md:py-16'}`}
    >
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Rate Calculator
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-slate">
        Pick a gift card and its type, enter the card amount, and see what it is worth in naira (₦)
        at today&apos;s rate, before you trade.
      </p>
      <section
        aria-labelledby="rates-coming-soon"
        className="mt-8 rounded-[12px] border border-dashed border-brand/40 bg-white p-8 text-center sm:p-10"
      >
        <span
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand/10 text-brand"
        >
          <ClockIcon className="h-7 w-7" />
        </span>
        <h2 id="rates-coming-soon" className="mt-5 text-xl font-bold text-ink">
          Live rates are coming soon
        </h2>
        <p className="mx-auto mt-3 max-w-md leading-relaxed text-slate">
          Rates move with local demand and supply, so we only show rates we will honour. Until the
          calculator is live, the Karta app shows you the exact rate before you submit a trade.
        </p>
        <p className="mt-5">
          <Link
            to={contactHref}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
          >
            Ask us for today&apos;s rate
          </Link>
        </p>
      </section>
    </div>
  );
}
