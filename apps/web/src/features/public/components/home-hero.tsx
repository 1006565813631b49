import { Link } from 'react-router';
import { Carousel } from '../../../components/ui/carousel';
import { GIFT_CARD_BRANDS, GiftCardArt } from '../../../components/ui/gift-card-art';
import { CheckIcon } from '../../../components/ui/line-icons';
import { paths } from '../../../config/paths';
import { primaryLinkClass, secondaryLinkClass } from './link-styles';

const PROMISES = [
  'See the naira rate before you submit',
  'A clear reason if a card is declined',
  'Withdraw to any Nigerian bank, any time',
];

const slides = GIFT_CARD_BRANDS.map((brand) => (
  <div key={brand.name} className="px-3 pt-4 pb-10 sm:px-6">
    <GiftCardArt {...brand} className="rounded-[16px] shadow-xl shadow-brand-deep/20" />
  </div>
));

/**
 * The hero: its headline is the page's largest text and renders straight away, with no data
 * to wait for, so it is what the visitor sees first (and what Lighthouse measures as LCP).
 */
export function HomeHero() {
  return (
    <section className="bg-gradient-to-b from-mist to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-[1.1fr_1fr] md:pt-20 md:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold text-brand-deep">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-gold" />
            Gift cards to naira, 24/7
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            Trade your gift cards for <span className="text-brand">naira</span>, at a rate you see
            first.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate">
            Sell your gift cards from your phone, follow every trade from pending to approved, then
            send the naira straight to your bank account.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.login.getHref()} className={primaryLinkClass}>
              Start Trading
            </Link>
            <Link to={paths.login.getHref()} className={secondaryLinkClass}>
              Withdraw
            </Link>
          </div>
          <ul className="mt-8 space-y-2.5">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2.5 text-ink">
                <CheckIcon className="h-5 w-5 shrink-0 text-brand" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative isolate mx-auto w-full max-w-md">
          <div
            aria-hidden="true"
            className="absolute inset-x-4 top-0 bottom-16 -z-10 rotate-3 rounded-[32px] bg-brand/10"
          />
          <div
            aria-hidden="true"
            className="absolute -top-3 right-2 -z-10 h-16 w-16 rounded-full bg-gold/30"
          />
          <Carousel slides={slides} label="Popular gift cards" />
        </div>
      </div>
    </section>
  );
}
