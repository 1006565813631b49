/**
 * The identity port (DESIGN §1): checks that a BVN belongs to the person we know. Only the
 * verdict comes back; the BVN itself is never stored by us (a hash and the last four digits).
 */
interface IdentityCheck {
  bvn: string;
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

export interface IdentityProvider {
  readonly name: string;
  /** True when the BVN's record matches the names and date of birth. */
  verifyBvn(check: IdentityCheck): Promise<boolean>;
}

/**
 * The default: a BVN that starts with 0 does not match, any other does (README, sandbox table).
 * Real BVNs never start with 0, so a test can pick either outcome on purpose.
 */
export const sandboxIdentity: IdentityProvider = {
  name: 'sandbox',
  verifyBvn: (check) => Promise.resolve(!check.bvn.startsWith('0')),
};

/**
 * Production's default until a real identity provider is configured: the sandbox would accept
 * any BVN, so no BVN is accepted at all (and so no withdrawal can start) rather than a false one.
 */
export const unavailableIdentity: IdentityProvider = {
  name: 'unavailable',
  verifyBvn: () => Promise.reject(new IdentityUnavailableError()),
};

export class IdentityUnavailableError extends Error {
  constructor() {
    super('no identity provider is configured');
    this.name = 'IdentityUnavailableError';
  }
}
