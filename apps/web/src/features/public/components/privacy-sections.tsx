import { Link } from 'react-router';
import { MIN_AGE_YEARS } from '@karta/shared/constants';
import { ContactDetails } from '../../../components/contact-details';
import { paths } from '../../../config/paths';
import type { LegalSection } from './legal-document';

/** The sections of the Privacy Policy (docs/product.md §2). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail, Nigerian phone number, gender, date
          of birth and referral code.
        </li>
        <li>
          <strong>Verification details:</strong> your BVN, when you verify your identity.
        </li>
        <li>
          <strong>Trades and payments:</strong> the cards you submit (amount, photos, comments),
          your bank accounts and your withdrawals.
        </li>
        <li>
          <strong>Security data:</strong> sign-in times, the device type and network address used,
          so we can spot someone else using your account.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>to create your account and confirm it is really you;</li>
        <li>to check and pay for your trades and send your withdrawals;</li>
        <li>to send you codes, receipts and important notices about your account;</li>
        <li>to prevent fraud and meet our legal duties, including anti-money-laundering checks;</li>
        <li>to answer you when you contact support.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell your data. We share only what each party needs:</p>
        <ul>
          <li>payment and banking partners, to confirm account names and send your money;</li>
          <li>identity verification partners, to check your BVN;</li>
          <li>service providers that host Karta and deliver our e-mails, under contract;</li>
          <li>regulators, courts or the police, when Nigerian law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the Nigeria Data Protection Act 2023 you can:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>
            ask us to correct it (your name, e-mail and phone are changed by our support team);
          </li>
          <li>
            delete your account in Settings; records the law makes us keep are kept, the rest is
            removed (see the{' '}
            <Link to={paths.terms.getHref('account-suspension')}>Terms of Use</Link>);
          </li>
          <li>
            object to how we use your data, or complain to the Nigeria Data Protection Commission.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'childrens-privacy',
    title: "Children's privacy",
    body: (
      <p>
        Karta is only for people aged {MIN_AGE_YEARS} and over. People under {MIN_AGE_YEARS} may not
        register, and we do not knowingly collect their data. If we learn that an account belongs to
        someone under {MIN_AGE_YEARS}, we close it and delete their data.
      </p>
    ),
  },
  {
    id: 'contact-details',
    title: 'Contact details',
    body: (
      <>
        <p>For any question about your data, or to use your rights, contact us:</p>
        <div className="pt-2">
          <ContactDetails />
        </div>
      </>
    ),
  },
];
