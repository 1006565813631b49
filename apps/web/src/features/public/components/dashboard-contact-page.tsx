import { ContactDetails } from '../../../components/contact-details';

/** /dashboard/contact-us (docs/product.md §2); Edit Profile's Contact Support button lands here. */
export function DashboardContactPage() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-slate">
        We are available 24/7. To change your name, e-mail or phone number, or for help with a trade
        or withdrawal, write or call us with your trade or transaction ID.
      </p>
      <div className="mt-6">
        <ContactDetails />
      </div>
    </div>
  );
}
