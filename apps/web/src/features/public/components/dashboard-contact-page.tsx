import { Link } from 'react-router';
import { ContactDetails } from '../../../components/contact-details';
import { paths } from '../../../config/paths';
import { primaryLinkClass } from './link-styles';

/** /dashboard/contact-us (docs/product.md §2); Edit Profile's Contact Support button lands here. */
export function DashboardContactPage() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-slate">
        We are available 24/7. To change your name, e-mail or phone number, or for help with a trade
        or withdrawal, write or call us with your trade or transaction ID.
      </p>
      <section
        aria-label="Write to us"
        className="mt-6 flex flex-col gap-3 rounded-[12px] bg-white p-4 sm:flex-row sm:items-center sm:justify-between md:p-6"
      >
        <p className="text-ink">
          The quickest way: write to the Karta team here. We answer in Messages and tell you by
          e-mail.
        </p>
        <Link to={paths.dashboard.messages.getHref()} className={`shrink-0 ${primaryLinkClass}`}>
          Send us a message
        </Link>
      </section>
      <div className="mt-6">
        <ContactDetails />
      </div>
    </div>
  );
}
