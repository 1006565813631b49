import { Link } from 'react-router';
import { FaqList } from '../../../components/faq-list';
import { paths } from '../../../config/paths';
import { textLinkClass } from './link-styles';

/** /dashboard/faqs: the same answers as the home page, inside the dashboard. */
export function DashboardFaqsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">FAQs</h1>
      <p className="mt-2 text-slate">
        Quick answers to what people ask most. Still stuck?{' '}
        <Link to={paths.dashboard.contactUs.getHref()} className={textLinkClass}>
          Contact us
        </Link>
        .
      </p>
      <div className="mt-6">
        <FaqList headingLevel={2} />
      </div>
    </div>
  );
}
