import { Link } from 'react-router';
import { PHONE_PREFIX } from '@karta/shared/constants';
import { useAppSelector } from '../../../lib/store/hooks';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../config/paths';
import { selectUser } from '../../../lib/session/auth-slice';
import { DownloadMyData } from './download-my-data';
import { SignedInDevices } from './signed-in-devices';

/** The number without its fixed +234, as the register form showed it. */
const toLocalNumber = (mobile: string | null) =>
  mobile?.startsWith(PHONE_PREFIX) ? mobile.slice(PHONE_PREFIX.length) : (mobile ?? '');

/**
 * The profile as Karta holds it. Names and phone are tied to the identity checks behind
 * payouts, so they are read-only here and changed only through support (docs/product.md §6).
 */
export function EditProfile() {
  const user = useAppSelector(selectUser);
  return (
    <section aria-labelledby="edit-profile-title" className="flex max-w-xl flex-col gap-5">
      <div>
        <h2 id="edit-profile-title" className="text-xl font-bold text-ink">
          Edit Profile
        </h2>
        <p className="mt-1 text-sm text-slate">The details we hold for your account.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="First name" value={user?.first_name ?? ''} readOnly />
        <TextInput label="Last name" value={user?.last_name ?? ''} readOnly />
        <TextInput
          label="Phone number"
          type="tel"
          prefix={PHONE_PREFIX}
          value={toLocalNumber(user?.mobile_number ?? null)}
          placeholder="Not added"
          readOnly
          className="sm:col-span-2"
        />
      </div>
      <p className="rounded-[12px] bg-mist p-4 text-sm text-ink">
        Your e-mail address, names and phone number cannot be changed here. To correct any of them,
        contact our support team and we will help you.
      </p>
      <Link
        to={paths.dashboard.contactUs.getHref()}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep sm:w-fit"
      >
        Contact Support
      </Link>
      <SignedInDevices />
      <DownloadMyData />
    </section>
  );
}
