import { ContactDetails } from '../../../components/contact-details';
import { PageIntro } from './page-intro';

/** /contact (docs/product.md §2): Get In Touch, support's e-mail and phone, available 24/7. */
export function ContactPage() {
  return (
    <>
      <PageIntro eyebrow="Contact" title="Get In Touch">
        <p>
          A question about a trade, a withdrawal or your account? Our support team is available
          24/7. Tell us your trade or transaction ID and we can help you faster.
        </p>
      </PageIntro>
      <section
        aria-label="Contact details"
        className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 md:pb-24"
      >
        <ContactDetails />
      </section>
    </>
  );
}
