import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SOCIAL_LINKS } from '../../config/links';
import { paths } from '../../config/paths';
import { InstagramIcon, XSocialIcon } from '../ui/line-icons';
import { Logo } from '../ui/logo';
import { LEGAL_LINKS, PUBLIC_NAV_LINKS, type NavLinkItem } from './public-nav';

/** docs/product.md §1's disclaimer, in its own words. */
const DISCLAIMER =
  'Trading in assets is subject to market, technical and market risks. Prices fluctuate with local demand and supply.';

/** Of the spec's social icons only these are shown; the rest stay hidden (docs/product.md §2). */
const SOCIALS = [
  { label: 'Karta on X', href: SOCIAL_LINKS.x, icon: <XSocialIcon /> },
  { label: 'Karta on Instagram', href: SOCIAL_LINKS.instagram, icon: <InstagramIcon /> },
];

function FooterColumn({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 className="text-sm font-semibold tracking-wide text-gold uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </div>
  );
}

function FooterLinks({ links }: { links: readonly NavLinkItem[] }) {
  return (
    <ul className="flex flex-col">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="inline-flex min-h-11 items-center text-white/85 hover:text-white hover:underline"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-brand-deep text-white">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div className="col-span-2 max-w-xs md:col-span-1">
            <Link to={paths.root.getHref()} aria-label="Karta home" className="inline-block">
              <Logo isInverted />
            </Link>
            <p className="mt-4 text-white/85">
              Sell your gift cards for naira, see the rate before you submit, and withdraw to any
              Nigerian bank.
            </p>
          </div>
          <FooterColumn title="Company">
            <FooterLinks links={PUBLIC_NAV_LINKS} />
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLinks links={LEGAL_LINKS} />
          </FooterColumn>
          <FooterColumn title="Follow Us" className="col-span-2 md:col-span-1">
            <ul className="flex gap-3">
              {SOCIALS.map((social) => (
                <li key={social.href}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="flex h-11 w-11 items-center justify-center rounded-full border border-white/30 text-white hover:border-white hover:bg-white/10"
                  >
                    {social.icon}
                  </a>
                </li>
              ))}
            </ul>
          </FooterColumn>
        </div>
        <div className="mt-12 border-t border-white/20 pt-6 text-sm text-white/80">
          <p>
            <strong className="font-semibold text-white">Disclaimer: </strong>
            {DISCLAIMER}
          </p>
          <p className="mt-3">© {new Date().getFullYear()} Karta. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
