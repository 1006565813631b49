import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A brand-green text link that is still a 44 px touch target (docs/brand.md) on a phone. */
export function AuthTextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline"
    >
      {children}
    </Link>
  );
}
