import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CardsFanIllustration } from './illustrations';
import { primaryLinkClass } from './link-styles';
import { PageIntro } from './page-intro';

const VALUES = [
  {
    title: 'The rate, up front',
    text: 'You see the naira rate before you submit, and your trade records that rate the moment you do.',
  },
  {
    title: 'A reason, every time',
    text: 'If a card is declined, we tell you why, so you know what happened and what you can do next.',
  },
  {
    title: 'Your money, your call',
    text: 'Your naira balance is yours. Withdraw it to your bank whenever you like, protected by your own PIN.',
  },
  {
    title: 'People who answer',
    text: 'Real people are on hand 24/7 by e-mail and phone, in plain language, until it is sorted.',
  },
];

/** /about: mission and values (docs/product.md §2). */
export function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About Karta" title="Gift cards, turned into naira you can count on">
        <p>
          Karta is for adults in Nigeria who hold gift cards they would rather have as cash. We buy
          them at a fair, clearly shown rate and pay you in naira.
        </p>
      </PageIntro>
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr]">
        <div>
          <h2 className="text-3xl font-bold tracking-tight text-ink">Our mission</h2>
          <p className="mt-4 text-lg leading-relaxed text-slate">
            Selling a gift card should not feel like a gamble. Too many people have watched a rate
            change after they sent a card, or waited on a payment that never came. Our mission is to
            make every step visible: the rate before you trade, the status while we check your card,
            and the time your naira reaches your bank.
          </p>
          <p className="mt-4 text-lg leading-relaxed text-slate">
            Businesses use Karta too: they can buy gift cards from us at a discount and use them to
            pay for services and subscriptions.
          </p>
        </div>
        <CardsFanIllustration className="mx-auto w-full max-w-xs" />
      </section>
      <section aria-labelledby="values" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 md:pb-20">
        <h2 id="values" className="text-3xl font-bold tracking-tight text-ink">
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-[12px] border border-line bg-white p-6">
              <span aria-hidden="true" className="block h-1 w-10 rounded-full bg-gold" />
              <h3 className="mt-4 text-lg font-semibold text-ink">{value.title}</h3>
              <p className="mt-2 leading-relaxed text-slate">{value.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-start gap-4 rounded-[12px] bg-mist p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <p className="text-lg font-semibold text-ink">
            Have a card to sell? It takes a few minutes to start.
          </p>
          <Link to={paths.login.getHref()} className={primaryLinkClass}>
            Start Trading
          </Link>
        </div>
      </section>
    </>
  );
}
