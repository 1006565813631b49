import {
  IdentityUnavailableError,
  type IdentityProvider,
  type IdentityVerdict,
  type RegisteredPerson,
} from './identity';

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
/** The NIN's 424 names its own source. */
const NIN_UNAVAILABLE_REASONS: Readonly<Record<number, string>> = {
  ...UNAVAILABLE_REASONS,
  424: 'the NIN source behind Dojah is down',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unavailable(httpStatus: number, reason: string, what = 'BVN check') {
  return new IdentityUnavailableError(`Dojah ${what} failed (HTTP ${httpStatus}): ${reason}`);
}

const whyUnavailable = (status: number, reasons: Readonly<Record<number, string>>) =>
  reasons[status] ?? (status >= 500 ? 'Dojah is failing' : 'an answer we do not expect');

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * The person in a NIN lookup's 200 answer: `entity.first_name`, `last_name`, `middle_name`
 * (may be empty) and `date_of_birth` (yyyy-MM-dd). Only these are read; the rest of the record
 * (photo, phone, address) is never kept. Without names and a date, the outcome is unknown.
 */
function personOf(text: string): RegisteredPerson {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const entity = isRecord(parsed) ? parsed.entity : undefined;
  if (!isRecord(entity)) throw unavailable(200, 'the answer has no record', 'NIN lookup');
  const { first_name: first, last_name: last, middle_name: middle } = entity;
  const born = entity.date_of_birth;
  if (!isText(first) || !isText(last) || !isText(born) || !/^\d{4}-\d{2}-\d{2}$/.test(born)) {
    throw unavailable(200, 'the record has no names or date of birth', 'NIN lookup');
  }
  return {
    firstName: first,
    middleName: isText(middle) ? middle : null,
    lastName: last,
    dateOfBirth: born,
  };
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

  /** One GET with Dojah's headers: the answer's status and text, or unavailable. */
  async function get(pathAndQuery: string): Promise<{ status: number; ok: boolean; text: string }> {
    try {
      const response = await fetch(`${baseUrl}${pathAndQuery}`, {
        // Dojah takes the secret key as is: "Use <key> not Bearer <key>".
        headers: { AppId: appId, Authorization: secretKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, ok: response.ok, text: await response.text() };
    } catch (error) {
      throw unreachable(error, timeoutMs);
    }
  }

  return {
    name: 'dojah',
    /**
     * Dojah's NIN lookup (https://docs.dojah.io, KYC › Nigeria › Lookup NIN): `GET
     * /api/v1/kyc/nin?nin=` answers the register's record. 400 (invalid) and 404 (not found) are
     * the seller's to fix; the other documented failures are ours or Dojah's.
     */
    async lookupNin({ nin }) {
      const answer = await get(`/api/v1/kyc/nin?${new URLSearchParams({ nin }).toString()}`);
      if (answer.ok) return personOf(answer.text);
      if (answer.status === 400 || answer.status === 404) return null;
      throw unavailable(
        answer.status,
        whyUnavailable(answer.status, NIN_UNAVAILABLE_REASONS),
        'NIN lookup',
      );
    },
    async verifyBvn({ bvn, firstName, lastName, dateOfBirth }) {
      const query = new URLSearchParams({
        bvn,
        first_name: firstName,
        last_name: lastName,
        dob: dateOfBirth,
      });
      const answer = await get(`/api/v1/kyc/bvn?${query.toString()}`);
      if (answer.ok) return verdictOf(answer.text);
      if (answer.status === 400 || answer.status === 404) return UNKNOWN_BVN;
      throw unavailable(answer.status, whyUnavailable(answer.status, UNAVAILABLE_REASONS));
    },
  };
}
