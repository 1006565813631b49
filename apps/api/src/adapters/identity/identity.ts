/**
 * The identity port (docs/ARCHITECTURE.md#ports-and-their-defaults): checks that a BVN belongs to the person we know. Only the
 * verdict comes back; the BVN itself is never stored by us (a hash and the last four digits).
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

export interface IdentityProvider {
  readonly name: string;
  /** Rejects with IdentityUnavailableError when no verdict can be had right now. */
  verifyBvn(check: IdentityCheck): Promise<IdentityVerdict>;
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

/**
 * The default: a BVN that starts with 0 does not match, any other does (docs/configuration.md#the-sandbox-payout-and-identity-providers).
 * Real BVNs never start with 0, so a test can pick either outcome on purpose.
 */
export const sandboxIdentity: IdentityProvider = {
  name: 'sandbox',
  verifyBvn: ({ bvn }) =>
    Promise.resolve(
      bvn.startsWith('0')
        ? (SANDBOX_MISMATCHES[bvn.charAt(1)] ?? SANDBOX_NO_MATCH)
        : { matched: true },
    ),
};

/**
 * Production's default until a real identity provider is configured: the sandbox would accept
 * any BVN, so no BVN is accepted at all (and so no withdrawal can start) rather than a false one.
 */
export const unavailableIdentity: IdentityProvider = {
  name: 'unavailable',
  verifyBvn: () =>
    Promise.reject(new IdentityUnavailableError('no identity provider is configured')),
};

/** No verdict: the message says why, for the log (never the BVN or anyone's details). */
export class IdentityUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'IdentityUnavailableError';
  }
}
