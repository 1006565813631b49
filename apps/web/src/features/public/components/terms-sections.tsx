import { Link } from 'react-router';
import {
  BANK_ACCOUNT_DIGITS,
  MIN_AGE_YEARS,
  PIN_LENGTH,
  REFERRAL_REWARD_KOBO,
} from '@karta/shared/constants';
import { paths } from '../../../config/paths';
import type { LegalSection } from './legal-document';

const REWARD_NAIRA = (REFERRAL_REWARD_KOBO / 100).toLocaleString('en-NG');
const contactLink = <Link to={paths.contact.getHref()}>Contact page</Link>;

/** The sections of the Terms of Use, in the order docs/product.md §2 lists them. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'product',
    title: 'Our product',
    body: (
      <>
        <p>
          Karta lets you sell gift cards and vouchers for naira, keep the naira in your Karta
          balance, withdraw it to a Nigerian bank account, and earn rewards for bringing friends.
          Trades are created in the Karta mobile app; the web dashboard shows your trades and
          withdrawals and lets you manage your account.
        </p>
        <p>
          Rates are set by Karta for each card and change with local demand and supply. The rate
          shown when you submit a trade is the rate recorded on that trade. Businesses may also buy
          gift cards from Karta at a discount for their payments.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <ul>
        <li>You must be at least {MIN_AGE_YEARS} years old to register and trade.</li>
        <li>You must give your real name, a Nigerian phone number and an e-mail you can access.</li>
        <li>You may hold one Karta account. Accounts are personal and cannot be transferred.</li>
        <li>You may only trade cards you own or are entitled to sell.</li>
      </ul>
    ),
  },
  {
    id: 'identity-verification',
    title: 'Identity verification',
    body: (
      <p>
        To protect you and meet Nigerian law, we may ask you to verify your identity, for example
        with your Bank Verification Number (BVN), before you withdraw or when a trade needs a closer
        look. We check your details with licensed verification partners. Until your identity is
        verified, some features, such as withdrawals, may be limited.
      </p>
    ),
  },
  {
    id: 'account-safety',
    title: 'Account safety',
    body: (
      <>
        <p>You are responsible for keeping your password and your withdrawal PIN secret.</p>
        <ul>
          <li>
            Every withdrawal needs your {PIN_LENGTH}-digit PIN. Password changes are confirmed with
            a code sent to your e-mail.
          </li>
          <li>Karta staff will never ask for your password, PIN or verification codes.</li>
          <li>
            If you think someone else has used your account, change your password at once and
            contact us through the {contactLink}.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'trade-modification',
    title: 'Trade modification and cancellation',
    body: (
      <ul>
        <li>
          You can cancel a trade while it is pending. Once it is approved or declined, it cannot be
          changed or cancelled.
        </li>
        <li>
          If a card&apos;s real value differs from what was submitted (for example, a partly used
          balance), we may approve it for the value we find and tell you why.
        </li>
        <li>
          If we decline a card, we give you the reason. A declined card is not paid for; a card
          already redeemed cannot be returned.
        </li>
      </ul>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'Prohibited activities',
    body: (
      <>
        <p>You must not use Karta to:</p>
        <ul>
          <li>sell stolen, fraudulently bought or otherwise unlawfully obtained cards;</li>
          <li>submit a card more than once, or a card you have already used or sold elsewhere;</li>
          <li>launder money, finance crime, or hide where money came from;</li>
          <li>open accounts for someone else, in a false name, or to farm referral rewards;</li>
          <li>
            interfere with the service, probe it for weaknesses or use it automatically without our
            permission.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'account-suspension',
    title: 'Account suspension and deletion',
    body: (
      <>
        <p>
          We may suspend an account, hold a trade or hold a withdrawal while we look into suspected
          fraud, a breach of these terms or a request from the authorities. We tell you when we do,
          unless the law forbids it.
        </p>
        <p>
          You can deactivate your account at any time and reactivate it later by signing in again.
          You can also delete your account yourself in <strong>Settings</strong>, under Delete
          Account. Please withdraw your balance first. When an account is deleted, we remove your
          personal details; records of past trades and payments are kept for as long as the law
          requires.
        </p>
      </>
    ),
  },
  {
    id: 'reward-system',
    title: 'Reward system',
    body: (
      <ul>
        <li>Every Karta user has a referral code, shown under Rewards in the dashboard.</li>
        <li>
          You earn <strong className="money">₦{REWARD_NAIRA}</strong> for each person who registers
          with your code and completes a first approved trade.
        </li>
        <li>
          The reward is added to your Karta balance once per referred person, and you can withdraw
          it like any other naira.
        </li>
        <li>
          Referring yourself, or accounts made only to collect rewards, is not allowed; rewards
          earned that way are reversed.
        </li>
      </ul>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        We collect only what we need to run Karta and keep it safe. Our{' '}
        <Link to={paths.privacy.getHref()}>Privacy Policy</Link> explains what we collect, why, who
        we share it with and the rights you have.
      </p>
    ),
  },
  {
    id: 'proprietary-rights',
    title: 'Proprietary rights',
    body: (
      <p>
        The Karta name, logo, apps, website and their content belong to Karta. You may use them to
        trade on Karta, but not copy, sell or build on them without our written permission. Gift
        card brand names belong to their owners and are used only to say which cards we buy.
      </p>
    ),
  },
  {
    id: 'grievance-policy',
    title: 'Grievance policy',
    body: (
      <>
        <p>
          If something went wrong, tell us through the {contactLink}, with your trade or transaction
          ID. We are available 24/7.
        </p>
        <ul>
          <li>We confirm that we have your complaint and tell you who is handling it.</li>
          <li>We explain what we found and what we will do, and by when.</li>
          <li>
            If you are not satisfied, you can ask for the decision to be reviewed by a senior member
            of the team.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'anti-money-laundering',
    title: 'Anti-money-laundering policy',
    body: (
      <p>
        Karta follows Nigeria&apos;s anti-money-laundering and counter-terrorist-financing laws. We
        verify identities, watch for unusual activity, keep records, and report suspicious
        transactions to the authorities as required. Withdrawals go to a bank account whose name is
        confirmed with the bank ({BANK_ACCOUNT_DIGITS}-digit account number). We may ask where a
        card came from and refuse or hold a trade until we are satisfied.
      </p>
    ),
  },
  {
    id: 'other-policies',
    title: 'Other policies',
    body: (
      <ul>
        <li>
          We may update these terms. When we make an important change, we tell you before it takes
          effect.
        </li>
        <li>These terms are governed by the laws of the Federal Republic of Nigeria.</li>
        <li>If one part of these terms cannot be enforced, the rest still applies.</li>
      </ul>
    ),
  },
];
