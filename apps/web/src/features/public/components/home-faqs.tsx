import { Link } from 'react-router';
import { FaqList } from '../../../components/faq-list';
import { paths } from '../../../config/paths';
import { textLinkClass } from './link-styles';

export function HomeFaqs() {
  return (
    <section aria-labelledby="faqs" className="bg-mist">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_1.6fr] md:py-20">
        <div>
          <h2 id="faqs" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Questions people ask
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate">
            Can&apos;t find your answer? Our team is available 24/7.{' '}
            <Link to={paths.contact.getHref()} className={textLinkClass}>
              Contact us
            </Link>
            .
          </p>
        </div>
        <FaqList />
      </div>
    </section>
  );
}
