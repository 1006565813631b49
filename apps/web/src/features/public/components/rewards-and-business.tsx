import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../components/ui/line-icons';
import { textLinkClass } from './link-styles';

/** The referral reward (docs/product.md §1: ₦500) and the note for businesses, side by side. */
export function RewardsAndBusiness() {
  return (
    <section className="mx-auto grid max-w-6xl gap-5 px-4 pb-16 sm:px-6 md:grid-cols-2 md:pb-20">
      <article className="rounded-[12px] border border-gold/40 bg-[#FFF8E7] p-6 sm:p-8">
        <p className="money text-4xl font-extrabold text-brand-deep">₦500</p>
        <h2 className="mt-3 text-xl font-bold text-ink">for every friend you bring</h2>
        <p className="mt-2 leading-relaxed text-slate">
          Share your referral code. When a friend registers with it and their first trade is
          approved, we add ₦500 to your Karta balance.
        </p>
        <Link
          to={paths.terms.getHref('reward-system')}
          className={`mt-5 inline-flex min-h-11 items-center gap-1.5 ${textLinkClass}`}
        >
          How rewards work <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </article>
      <article className="rounded-[12px] border border-line bg-mist p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">For businesses</p>
        <h2 className="mt-3 text-xl font-bold text-ink">Pay with discounted gift cards</h2>
        <p className="mt-2 leading-relaxed text-slate">
          Businesses can buy gift cards from Karta at a discount and use them for payments such as
          software, subscriptions and supplies abroad. Tell us what you need.
        </p>
        <Link
          to={paths.contact.getHref()}
          className={`mt-5 inline-flex min-h-11 items-center gap-1.5 ${textLinkClass}`}
        >
          Talk to our team <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </article>
    </section>
  );
}
