import type { ReactNode } from 'react';
import { FALLBACK_SUPPORT_EMAIL, FALLBACK_SUPPORT_PHONE } from '../config/links';
import { useGetAppConfigQuery } from '../lib/app-config-api';
import { ClockIcon, MailIcon, PhoneIcon } from './ui/line-icons';

interface ContactCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

function ContactCard({ icon, title, children }: ContactCardProps) {
  return (
    <li className="min-w-0 rounded-[12px] border border-line bg-white p-5 sm:p-6">
      <span
        aria-hidden="true"
        className="flex h-11 w-11 items-center justify-center rounded-full bg-brand/10 text-brand"
      >
        {icon}
      </span>
      <h2 className="mt-4 text-sm font-medium text-slate">{title}</h2>
      <div className="mt-1 text-lg font-semibold [overflow-wrap:anywhere] text-ink">{children}</div>
    </li>
  );
}

/**
 * Support's e-mail and phone as operators configured them (GET /app/config), with the default
 * contacts shown until the answer arrives, so the page never waits to be useful.
 */
export function ContactDetails() {
  const { data } = useGetAppConfigQuery();
  const email = data?.support_email ?? FALLBACK_SUPPORT_EMAIL;
  const phone = data?.support_phone ?? FALLBACK_SUPPORT_PHONE;
  return (
    <ul className="grid grid-cols-[repeat(auto-fit,minmax(15rem,1fr))] gap-4">
      <ContactCard icon={<MailIcon />} title="E-mail us">
        <a href={`mailto:${email}`} className="text-brand underline-offset-4 hover:underline">
          {email}
        </a>
      </ContactCard>
      <ContactCard icon={<PhoneIcon />} title="Call us">
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          className="money text-brand underline-offset-4 hover:underline"
        >
          {phone}
        </a>
      </ContactCard>
      <ContactCard icon={<ClockIcon />} title="Opening hours">
        Available 24/7
      </ContactCard>
    </ul>
  );
}
