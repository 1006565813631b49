/**
 * The identity port (docs/ARCHITECTURE.md#ports-and-their-defaults): checks that a BVN belongs to the person we know (only the
 * verdict comes back), and looks a NIN up in the national register. Neither number is stored by
 * us (a hash and the last four digits).
 */
interface IdentityCheck {
  bvn: string;
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

/** What can fail to match; `bvn` means the BVN itself is invalid or unknown. */
export type IdentityField = 'bvn' | 'first_name' | 'last_name' | 'date_of_birth';

/** Names the parts that did not match, never the provider's data, so a user can be told which. */
export type IdentityVerdict =
  { matched: true } | { matched: false; mismatched: [IdentityField, ...IdentityField[]] };

/** A person as an identity register holds them: names and date of birth (yyyy-MM-dd). */
export interface RegisteredPerson {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
}

/** A NIN lookup: the NIN, and whom we expect it to belong to. */
interface NinLookup {
  nin: string;
  /**
   * The account holder, as their verified BVN has them. A real provider is never sent it
   * (Dojah's lookup takes the NIN alone and answers the register's record); the sandbox answers
   * with it for the NINs that stand for the holder's own.
   */
  holder: { firstName: string; lastName: string; dateOfBirth: string };
}

export interface IdentityProvider {
  readonly name: string;
  /** Rejects with IdentityUnavailableError when no verdict can be had right now. */
  verifyBvn(check: IdentityCheck): Promise<IdentityVerdict>;
  /**
   * The register's record of a NIN, or null when the NIN is invalid or unknown. Its personal
   * data is compared and dropped: never stored, never logged (decision 063). Rejects with
   * IdentityUnavailableError when no answer can be had right now.
   */
  lookupNin(lookup: NinLookup): Promise<RegisteredPerson | null>;
}

/** After a leading 0, the second digit picks what does not match (docs/configuration.md#the-sandbox-payout-and-identity-providers). */
const SANDBOX_MISMATCHES: Readonly<Record<string, IdentityVerdict>> = {
  '1': { matched: false, mismatched: ['first_name'] },
  '2': { matched: false, mismatched: ['last_name'] },
  '3': { matched: false, mismatched: ['date_of_birth'] },
  '4': { matched: false, mismatched: ['bvn'] },
};
const SANDBOX_NO_MATCH: IdentityVerdict = {
  matched: false,
  mismatched: ['first_name', 'last_name', 'date_of_birth'],
};

/** The sandbox's someone else: who a NIN starting with 9 belongs to. */
const SANDBOX_OTHER_PERSON: RegisteredPerson = {
  firstName: 'Tunde',
  middleName: 'Adewale',
  lastName: 'Bakare',
  dateOfBirth: '1979-03-14',
};

/** The first digit of a NIN picks the sandbox's answer (docs/configuration.md#the-sandbox-payout-and-identity-providers). */
function sandboxNinRecord({ nin, holder }: NinLookup): RegisteredPerson | null {
  switch (nin.charAt(0)) {
    case '1':
      return { ...holder, middleName: null };
    case '2':
      // The holder as registers often write them: surname first, capitals, a middle name.
      return {
        firstName: holder.lastName.toUpperCase(),
        middleName: 'CHIDI',
        lastName: holder.firstName.toUpperCase(),
        dateOfBirth: holder.dateOfBirth,
      };
    case '9':
      return SANDBOX_OTHER_PERSON;
    default:
      return null;
  }
}

/**
 * The default: a BVN that starts with 0 does not match, any other does (docs/configuration.md#the-sandbox-payout-and-identity-providers).
 * Real BVNs never start with 0, so a test can pick either outcome on purpose. A NIN that starts
 * with 1 (or 2) is the holder's own, with 9 another person's; any other is unknown.
 */
export const sandboxIdentity: IdentityProvider = {
  name: 'sandbox',
  verifyBvn: ({ bvn }) =>
    Promise.resolve(
      bvn.startsWith('0')
        ? (SANDBOX_MISMATCHES[bvn.charAt(1)] ?? SANDBOX_NO_MATCH)
        : { matched: true },
    ),
  lookupNin: (lookup) => Promise.resolve(sandboxNinRecord(lookup)),
};

/**
 * Production's default until a real identity provider is configured: the sandbox would accept
 * any BVN, so no BVN is accepted at all (and so no withdrawal can start) rather than a false one.
 */
export const unavailableIdentity: IdentityProvider = {
  name: 'unavailable',
  verifyBvn: () =>
    Promise.reject(new IdentityUnavailableError('no identity provider is configured')),
  lookupNin: () =>
    Promise.reject(new IdentityUnavailableError('no identity provider is configured')),
};

/** No verdict: the message says why, for the log (never the BVN or anyone's details). */
export class IdentityUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'IdentityUnavailableError';
  }
}
