import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { RateCalculator } from './rate-calculator';

/** /rate-calculator and /dashboard/rate-calculator (docs/product.md §2): one calculator for both. */
export function RateCalculatorPage() {
  const isInDashboard = useLocation().pathname.startsWith(paths.dashboard.root.getHref());
  return (
    <div
      className={`mx-auto w-full max-w-3xl ${isInDashboard ? '' : 'px-4 py-12 sm:px-6 md:py-16'}`}
    >
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Rate Calculator
      </h1>
      <p className="mt-3 mb-8 text-lg leading-relaxed text-slate">
        Pick a gift card and its type, enter the card amount, and see what it is worth in naira (₦)
        at today&apos;s rate, before you trade.
      </p>
      <RateCalculator />
    </div>
  );
}
