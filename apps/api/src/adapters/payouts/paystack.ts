import { createHmac, timingSafeEqual } from 'node:crypto';
import { NIGERIAN_BANKS } from './nigerian-banks';
import {
  ProviderUnavailableError,
  type Bank,
  type ListedTransfer,
  type PayoutEvent,
  type PayoutProvider,
  type Transfer,
  type TransferStatus,
} from './payouts';

export interface PaystackOptions {
  secretKey: string;
  /** Paystack itself unless PAYSTACK_BASE_URL points somewhere else (tests). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Paystack's transfer statuses ("How transfers work"). Anything it adds later is not final. */
const STATUSES: Readonly<Record<string, TransferStatus>> = {
  pending: 'pending',
  received: 'pending',
  otp: 'pending',
  success: 'succeeded',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
};

const EVENT_STATUSES: Readonly<Record<string, TransferStatus>> = {
  'transfer.success': 'succeeded',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/** A guard against a cursor that never ends; Nigeria has a few hundred banks, 100 a page. */
const MAX_BANK_PAGES = 20;
/** 100 transfers a page (Paystack's most): a guard of 100,000 transfers for one window. */
const TRANSFERS_PER_PAGE = 100;
const MAX_TRANSFER_PAGES = 1_000;
const KNOWN_BANKS = new Map(NIGERIAN_BANKS.map((bank) => [bank.code, bank]));

type Json = Record<string, unknown>;

interface Answer {
  httpStatus: number;
  /** A 2xx whose body says `status: true`. */
  ok: boolean;
  message: string;
  data: unknown;
  meta: unknown;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Paystack's words are ours to show operators; never echo the request (it carries the key). */
function refusal(operation: string, answer: Answer): Error {
  const words = answer.message ? `: ${answer.message.slice(0, 200)}` : '';
  return new Error(`Paystack refused to ${operation} (HTTP ${answer.httpStatus})${words}`);
}

/**
 * Our CBN list wins (it knows Parallex's 104 behind Paystack's 526). Otherwise a commercial
 * bank's 9-digit NIP sort code (`longcode`) starts with its 3-digit code, which is then the CBN
 * code; microfinance banks and wallets have neither, and their numbers are not checked offline.
 */
function cbnCodeOf(code: string, longcode: string | null): string | null {
  const known = KNOWN_BANKS.get(code);
  if (known) return known.cbnCode;
  return /^\d{3}$/.test(code) &&
    longcode !== null &&
    /^\d{9}$/.test(longcode) &&
    longcode.startsWith(code)
    ? code
    : null;
}

function toBank(item: unknown): Bank | null {
  if (!isRecord(item) || item.active === false || item.is_deleted === true) return null;
  const name = textOf(item.name);
  const code = textOf(item.code);
  if (!name || !code) return null;
  return { code, name, cbnCode: cbnCodeOf(code, textOf(item.longcode)) };
}

/** `failures` is null on the documented samples; accept a string, an object or a list of them. */
function describeFailures(failures: unknown): string | null {
  if (Array.isArray(failures)) {
    const parts = failures.map(describeFailures).filter((part) => part !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (isRecord(failures)) {
    return textOf(failures.reason) ?? textOf(failures.message) ?? textOf(failures.description);
  }
  return textOf(failures);
}

/**
 * `data.reason` is the narration we sent, not why it failed, so the reason comes from
 * `failures` or `gateway_response`, else from the status itself.
 */
function toTransfer(reference: string, data: unknown): Transfer {
  const record = isRecord(data) ? data : {};
  const providerStatus = textOf(record.status) ?? 'unknown';
  const status = STATUSES[providerStatus] ?? 'pending';
  const reason =
    status === 'failed' || status === 'reversed'
      ? (describeFailures(record.failures) ??
        textOf(record.gateway_response) ??
        `Paystack reported the transfer as ${providerStatus}`)
      : null;
  return { reference, status, reason };
}

/**
 * One entry of `GET /transfer`. Without a reference it cannot be ours and is skipped; one of ours
 * whose amount or time cannot be read stops the listing rather than going missing from it.
 */
function toListedTransfer(item: unknown): ListedTransfer | null {
  if (!isRecord(item)) return null;
  const reference = textOf(item.reference);
  if (!reference) return null;
  const amount = item.amount;
  const createdAt = new Date(textOf(item.createdAt) ?? textOf(item.created_at) ?? '');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || isNaN(createdAt.getTime())) {
    throw new Error(`Paystack listed transfer ${reference} without a readable amount or time`);
  }
  return { ...toTransfer(reference, item), amountKobo: BigInt(amount), createdAt };
}

function isDuplicateReference(answer: Answer): boolean {
  return (
    [400, 409, 422].includes(answer.httpStatus) &&
    /reference/i.test(answer.message) &&
    /duplicate|already|exists|unique/i.test(answer.message)
  );
}

function secondsUntilReset(headers: Headers): number | undefined {
  const header = textOf(headers.get('x-ratelimit-reset')) ?? textOf(headers.get('retry-after'));
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  if (Array.isArray(value)) return value.length === 1 ? (value[0] ?? null) : null;
  return value ?? null;
}

/** Paystack's transfer API (https://paystack.com/docs/api/transfer/), amounts in kobo. */
export function createPaystackProvider(options: PaystackOptions): PayoutProvider {
  const { secretKey, timeoutMs = 10_000 } = options;
  const baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');

  async function request(operation: string, path: string, body?: Json): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderUnavailableError(
        timedOut
          ? `Paystack did not answer within ${timeoutMs} ms to ${operation}`
          : `Paystack could not be reached to ${operation}`,
        undefined,
        { cause: error },
      );
    }
    if (response.status === 429) {
      throw new ProviderUnavailableError(
        `Paystack rate-limited the call to ${operation}`,
        secondsUntilReset(response.headers),
      );
    }
    if (response.status >= 500) {
      throw new ProviderUnavailableError(
        `Paystack failed (HTTP ${response.status}) to ${operation}`,
      );
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Judged below: an unreadable 2xx leaves the outcome unknown.
    }
    const json = isRecord(parsed) ? parsed : {};
    if (response.ok && !isRecord(parsed)) {
      throw new ProviderUnavailableError(`Paystack gave an unreadable answer to ${operation}`);
    }
    return {
      httpStatus: response.status,
      ok: response.ok && json.status === true,
      message: typeof json.message === 'string' ? json.message : '',
      data: json.data,
      meta: json.meta,
    };
  }

  async function getTransfer(reference: string): Promise<Transfer | null> {
    const operation = 'verify a transfer';
    const answer = await request(operation, `/transfer/verify/${encodeURIComponent(reference)}`);
    if (answer.httpStatus === 404) return null;
    if (answer.httpStatus === 400 && /not found/i.test(answer.message)) return null;
    if (!answer.ok) throw refusal(operation, answer);
    return toTransfer(reference, answer.data);
  }

  return {
    name: 'paystack',

    async listBanks() {
      const banks = new Map<string, Bank>();
      let cursor: string | null = null;
      for (let page = 0; page < MAX_BANK_PAGES; page += 1) {
        const query = new URLSearchParams({
          country: 'nigeria',
          currency: 'NGN',
          use_cursor: 'true',
          perPage: '100',
        });
        if (cursor) query.set('next', cursor);
        const answer = await request('list banks', `/bank?${query.toString()}`);
        if (!answer.ok || !Array.isArray(answer.data)) throw refusal('list banks', answer);
        for (const bank of answer.data.map(toBank)) {
          if (bank && !banks.has(bank.code)) banks.set(bank.code, bank);
        }
        cursor = isRecord(answer.meta) ? textOf(answer.meta.next) : null;
        if (!cursor) return [...banks.values()];
      }
      throw new Error(`Paystack listed banks over more than ${MAX_BANK_PAGES} pages`);
    },

    // Paystack takes the bank and number only: the sandbox's expected holder is never sent.
    async resolveAccount({ bankCode, accountNumber }) {
      const operation = 'resolve an account number';
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const answer = await request(operation, `/bank/resolve?${query.toString()}`);
      // "Could not resolve account name. Check parameters or try again." (422, formerly 400).
      if (answer.httpStatus === 422 || answer.httpStatus === 400) return null;
      if (!answer.ok || !isRecord(answer.data)) throw refusal(operation, answer);
      return textOf(answer.data.account_name);
    },

    async createRecipient({ bankCode, accountNumber, accountName }) {
      const operation = 'create a transfer recipient';
      const answer = await request(operation, '/transferrecipient', {
        type: 'nuban',
        name: accountName,
        account_number: accountNumber,
        bank_code: bankCode,
        currency: 'NGN',
      });
      const code = answer.ok && isRecord(answer.data) ? textOf(answer.data.recipient_code) : null;
      if (!code) throw refusal(operation, answer);
      return code;
    },

    async startTransfer({ reference, recipient, amountKobo, reason }) {
      if (amountKobo <= 0n || amountKobo > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new Error(`A transfer of ${amountKobo.toString()} kobo cannot be sent to Paystack`);
      }
      const operation = 'start a transfer';
      const answer = await request(operation, '/transfer', {
        source: 'balance',
        amount: Number(amountKobo),
        recipient,
        reference,
        reason,
        currency: 'NGN',
      });
      if (answer.ok) return toTransfer(reference, answer.data);
      if (!isDuplicateReference(answer)) throw refusal(operation, answer);
      // Our reference is already a transfer there: a retry, so its state is the answer.
      const existing = await getTransfer(reference);
      if (!existing) {
        throw new ProviderUnavailableError(
          `Paystack calls ${reference} a duplicate but cannot find it yet`,
        );
      }
      return existing;
    },

    getTransfer,

    // "List Transfers": newest first, page by page. A transfer made while we read pushes the
    // rest down a page, so one can be read twice (kept once) but never skipped.
    async listTransfers({ from, to }) {
      const operation = 'list transfers';
      const listed = new Map<string, ListedTransfer>();
      for (let page = 1; page <= MAX_TRANSFER_PAGES; page += 1) {
        const query = new URLSearchParams({
          perPage: String(TRANSFERS_PER_PAGE),
          page: String(page),
          from: from.toISOString(),
        });
        if (to) query.set('to', to.toISOString());
        const answer = await request(operation, `/transfer?${query.toString()}`);
        if (!answer.ok || !Array.isArray(answer.data)) throw refusal(operation, answer);
        for (const transfer of answer.data.map(toListedTransfer)) {
          // Paystack's window is inclusive at both ends; ours ends before `to`.
          const inWindow =
            transfer !== null && transfer.createdAt >= from && (!to || transfer.createdAt < to);
          if (inWindow && !listed.has(transfer.reference)) {
            listed.set(transfer.reference, transfer);
          }
        }
        const pageCount = isRecord(answer.meta) ? Number(answer.meta.pageCount) : NaN;
        if (answer.data.length === 0 || !(page < pageCount)) {
          return [...listed.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        }
      }
      throw new Error(`Paystack listed transfers over more than ${MAX_TRANSFER_PAGES} pages`);
    },

    parseWebhook: (rawBody, headers) => parsePaystackWebhook(secretKey, rawBody, headers),
  };
}

/** x-paystack-signature: the hex HMAC-SHA512 of the raw body, keyed with the secret key. */
export const signPaystackBody = (secretKey: string, rawBody: Buffer) =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex');

/**
 * A Paystack transfer webhook, or null when its signature is missing or wrong (compared in
 * constant time) or it is not a transfer event. The sandbox signs its webhooks the same way.
 */
export function parsePaystackWebhook(
  secretKey: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): PayoutEvent | null {
  const signature = headerValue(headers, 'x-paystack-signature');
  if (!signature) return null;
  const expected = Buffer.from(signPaystackBody(secretKey, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(payload) || typeof payload.event !== 'string') return null;
  const eventStatus = EVENT_STATUSES[payload.event];
  if (!eventStatus || !isRecord(payload.data)) return null;
  const reference = textOf(payload.data.reference);
  if (!reference) return null;
  const dataStatus = textOf(payload.data.status);
  const status = (dataStatus ? STATUSES[dataStatus] : undefined) ?? eventStatus;
  return { event: payload.event, reference, status };
}
