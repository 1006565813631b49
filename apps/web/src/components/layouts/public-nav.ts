import { paths } from '../../config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}

/** The public site's top navigation, shared by the header, the mobile menu and the footer. */
export const PUBLIC_NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'About', to: paths.about.getHref() },
  { label: 'Contact', to: paths.contact.getHref() },
  { label: 'Rate Calculator', to: paths.rateCalculator.getHref() },
];

export const LEGAL_LINKS: readonly NavLinkItem[] = [
  { label: 'Privacy Policy', to: paths.privacy.getHref() },
  { label: 'Terms & Conditions', to: paths.terms.getHref() },
];
