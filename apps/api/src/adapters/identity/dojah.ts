import { IdentityUnavailableError, type IdentityProvider, type IdentityVerdict } from './identity';

interface DojahOptions {
  appId: string;
  secretKey: string;
  /** Dojah's live API unless DOJAH_BASE_URL points elsewhere (its sandbox, or a test server). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** The parts of `entity` that decide the match, each `{ status: boolean }`. */
const FIELDS = ['bvn', 'first_name', 'last_name', 'date_of_birth'] as const;

/** 400 (Dojah calls the BVN invalid) and 404 (no such record): the person's to fix. */
const UNKNOWN_BVN: IdentityVerdict = { matched: false, mismatched: ['bvn'] };

/** Dojah's documented failures ("Response codes") that are ours or Dojah's, not the user's. */
const UNAVAILABLE_REASONS: Readonly<Record<number, string>> = {
  401: 'Dojah refused our AppId or secret key',
  402: 'the Dojah wallet is out of credit',
  424: 'the BVN source behind Dojah is down',
  429: 'Dojah rate-limited the call',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unavailable(httpStatus: number, reason: string) {
  return new IdentityUnavailableError(`Dojah BVN check failed (HTTP ${httpStatus}): ${reason}`);
}

/**
 * The cause is described, not attached: a fetch error may quote the URL, whose query holds the
 * BVN and the names.
 */
function unreachable(error: unknown, timeoutMs: number) {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new IdentityUnavailableError(`Dojah did not answer within ${timeoutMs} ms`);
  }
  const code = isRecord(error) && isRecord(error.cause) ? error.cause.code : undefined;
  return new IdentityUnavailableError(
    `Dojah could not be reached${typeof code === 'string' ? ` (${code})` : ''}`,
  );
}

/** The verdict in a 200 answer; a status missing or not a boolean leaves the outcome unknown. */
function verdictOf(text: string): IdentityVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const entity = isRecord(parsed) ? parsed.entity : undefined;
  const statuses = FIELDS.map((field) => {
    const part = isRecord(entity) ? entity[field] : undefined;
    return isRecord(part) ? part.status : undefined;
  });
  if (!statuses.every((status) => typeof status === 'boolean')) {
    throw unavailable(200, 'the answer has no match status for every field');
  }
  // An invalid BVN has no name to compare: that is the one thing to say.
  if (statuses[0] === false) return UNKNOWN_BVN;
  const mismatched = FIELDS.filter((_, index) => statuses[index] === false);
  const [first, ...rest] = mismatched;
  return first === undefined ? { matched: true } : { matched: false, mismatched: [first, ...rest] };
}

/**
 * Dojah's BVN validation (https://docs.dojah.io, KYC › Validate BVN): the account holder's names
 * and date of birth go with the BVN; Dojah answers a match status per field and never its
 * record, so nothing personal comes back to us.
 */
export function createDojahIdentity(options: DojahOptions): IdentityProvider {
  const { appId, secretKey, timeoutMs = 10_000 } = options;
  const baseUrl = (options.baseUrl ?? 'https://api.dojah.io').replace(/\/+$/, '');

  return {
    name: 'dojah',
    async verifyBvn({ bvn, firstName, lastName, dateOfBirth }) {
      const query = new URLSearchParams({
        bvn,
        first_name: firstName,
        last_name: lastName,
        dob: dateOfBirth,
      });
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${baseUrl}/api/v1/kyc/bvn?${query.toString()}`, {
          // Dojah takes the secret key as is: "Use <key> not Bearer <key>".
          headers: { AppId: appId, Authorization: secretKey, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw unreachable(error, timeoutMs);
      }
      if (response.ok) return verdictOf(text);
      if (response.status === 400 || response.status === 404) return UNKNOWN_BVN;
      throw unavailable(
        response.status,
        UNAVAILABLE_REASONS[response.status] ??
          (response.status >= 500 ? 'Dojah is failing' : 'an answer we do not expect'),
      );
    },
  };
}
