import { createHash } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxRecipients, sandboxTransfers } from '../../db/schema/payouts';
import type { Clock } from '../../lib/clock';
import { NIGERIAN_BANKS } from './nigerian-banks';
import { isValidNuban } from './nuban';
import { parsePaystackWebhook, signPaystackBody } from './paystack';
import {
  ProviderUnavailableError,
  type AccountHolder,
  type ListedTransfer,
  type PayoutProvider,
  type Transfer,
  type TransferStatus,
} from './payouts';
import { sandboxAccountName } from './sandbox-names';

/**
 * What a sandbox account does, from the first four digits of its serial (the first nine digits
 * of a NUBAN-valid number). docs/configuration.md#the-sandbox-payout-and-identity-providers documents this table.
 */
const SANDBOX_OUTCOMES = {
  '9999': 'cannot be resolved',
  '9998': 'transfer fails',
  '9997': 'transfer stays pending for 10 minutes, then succeeds',
  '9996': 'transfer succeeds, then is reversed',
  '9995': 'the call times out after the transfer was made',
  '9994': "resolves to another person's name",
} as const;
type Magic = keyof typeof SANDBOX_OUTCOMES;

const SECONDS = 1000;
const SETTLE_MS = 3 * SECONDS;
const LONG_PENDING_MS = 10 * 60 * SECONDS;
const REVERSAL_MS = 5 * SECONDS;

const magicOf = (accountNumber: string): Magic | null => {
  const prefix = accountNumber.slice(0, 4);
  return prefix in SANDBOX_OUTCOMES ? (prefix as Magic) : null;
};

/** Paystack's words for a transfer's state, which the sandbox keeps (as Paystack would). */
const TO_STATUS: Record<string, TransferStatus> = {
  pending: 'pending',
  success: 'succeeded',
  failed: 'failed',
  reversed: 'reversed',
};
const EVENTS: Record<string, string> = {
  success: 'transfer.success',
  failed: 'transfer.failed',
  reversed: 'transfer.reversed',
};

/**
 * The sandbox has no real account holders (decision 064): an account resolves to the name of
 * the person Karta expects, as a bank writes it (last name first, capitals), so a seller's own
 * account is theirs by default; a 9994 account is always this other person's.
 */
export const ANOTHER_PERSON = 'IBEKWE CHUKWUDI ANTHONY';
const holderAsBanksWriteIt = (holder: AccountHolder) =>
  `${holder.lastName} ${holder.firstName}`.toUpperCase();

const BANKS = new Map(NIGERIAN_BANKS.map((bank) => [bank.code, bank]));

/** The sandbox signs like Paystack, with its own key (lib/keys.ts), written out as a secret string. */
export const sandboxWebhookSecret = (key: Buffer) => key.toString('hex');

type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;

export interface SandboxProvider extends PayoutProvider {
  /** Moves transfers whose time has come and sends their webhooks; returns how many moved. */
  advanceDueTransfers(): Promise<number>;
  /** Where webhooks go: our own `POST /api/v1/webhooks/sandbox`, set once the app exists. */
  setDelivery(deliver: WebhookDelivery): void;
}

/**
 * The default payout provider (docs/ARCHITECTURE.md#ports-and-their-defaults): behaves like Paystack's transfer API, keeps its
 * state in our database, and delivers outcomes as webhooks signed exactly as Paystack signs
 * them, so the same code path runs as in production.
 */
export function createSandboxProvider(options: {
  db: Database;
  clock: Clock;
  webhookSecret: string;
  log?: { error: (object: object, message: string) => void };
}): SandboxProvider {
  const { db, clock, webhookSecret } = options;
  let deliver: WebhookDelivery | null = null;

  const toTransfer = (row: typeof sandboxTransfers.$inferSelect): Transfer => ({
    reference: row.reference,
    status: TO_STATUS[row.status] ?? 'pending',
    reason: row.reason,
  });

  async function findRecipient(code: string) {
    const [row] = await db.select().from(sandboxRecipients).where(eq(sandboxRecipients.code, code));
    return row;
  }

  async function getTransfer(reference: string): Promise<Transfer | null> {
    const [row] = await db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, reference));
    return row ? toTransfer(row) : null;
  }

  async function sendWebhook(status: string, row: typeof sandboxTransfers.$inferSelect) {
    const event = EVENTS[status];
    if (!event || !deliver) return;
    const rawBody = Buffer.from(
      JSON.stringify({
        event,
        data: {
          reference: row.reference,
          status,
          amount: Number(row.amountKobo),
          currency: 'NGN',
          reason: 'Karta withdrawal',
          failures: row.reason,
          recipient: { recipient_code: row.recipientCode },
        },
      }),
    );
    try {
      await deliver(rawBody, {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(webhookSecret, rawBody),
      });
    } catch (err) {
      // Paystack retries too, but our reconciliation job asks about unfinished payouts anyway.
      options.log?.error({ err, reference: row.reference }, 'sandbox webhook not delivered');
    }
  }

  return {
    name: 'sandbox',

    listBanks: () => Promise.resolve([...NIGERIAN_BANKS]),

    resolveAccount({ bankCode, accountNumber, expectedHolder }) {
      const bank = BANKS.get(bankCode);
      const isResolvable =
        bank !== undefined &&
        /^\d{10}$/.test(accountNumber) &&
        (bank.cbnCode === null || isValidNuban(bank.cbnCode, accountNumber)) &&
        magicOf(accountNumber) !== '9999';
      if (!isResolvable) return Promise.resolve(null);
      return Promise.resolve(
        magicOf(accountNumber) === '9994'
          ? ANOTHER_PERSON
          : expectedHolder
            ? holderAsBanksWriteIt(expectedHolder)
            : sandboxAccountName(bankCode, accountNumber),
      );
    },

    async createRecipient({ bankCode, accountNumber, accountName }) {
      const code = `RCP_${createHash('sha256').update(`${bankCode}:${accountNumber}`).digest('hex').slice(0, 16)}`;
      await db
        .insert(sandboxRecipients)
        .values({ code, bankCode, accountNumber, accountName, createdAt: clock.now() })
        .onConflictDoNothing();
      return code;
    },

    async startTransfer({ reference, recipient, amountKobo }) {
      const existing = await getTransfer(reference);
      if (existing) return existing;
      const account = await findRecipient(recipient);
      if (!account) throw new Error('Sandbox: recipient not found');
      const magic = magicOf(account.accountNumber);
      const now = clock.now().getTime();
      const plan: { next: string; afterMs: number } =
        magic === '9998'
          ? { next: 'failed', afterMs: SETTLE_MS }
          : magic === '9997'
            ? { next: 'success', afterMs: LONG_PENDING_MS }
            : { next: 'success', afterMs: SETTLE_MS };
      const [row] = await db
        .insert(sandboxTransfers)
        .values({
          reference,
          recipientCode: recipient,
          amountKobo,
          status: 'pending',
          reason: magic === '9998' ? 'Sandbox: the receiving bank declined the transfer' : null,
          nextStatus: plan.next,
          dueAt: new Date(now + plan.afterMs),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (magic === '9995') {
        // The transfer exists at the "provider"; only our answer is lost on the way back.
        throw new ProviderUnavailableError('Sandbox: the transfer call timed out');
      }
      return row ? toTransfer(row) : ((await getTransfer(reference)) as Transfer);
    },

    getTransfer,

    async listTransfers({ from, to }): Promise<ListedTransfer[]> {
      const rows = await db
        .select()
        .from(sandboxTransfers)
        .where(
          and(
            gte(sandboxTransfers.createdAt, from),
            to ? lt(sandboxTransfers.createdAt, to) : undefined,
          ),
        )
        .orderBy(asc(sandboxTransfers.createdAt), asc(sandboxTransfers.reference));
      return rows.map((row) => ({
        ...toTransfer(row),
        amountKobo: row.amountKobo,
        createdAt: row.createdAt,
      }));
    },

    parseWebhook: (rawBody, headers) => parsePaystackWebhook(webhookSecret, rawBody, headers),

    async advanceDueTransfers() {
      const now = clock.now();
      const moved = await db.transaction(async (tx) => {
        const due = await tx
          .select({ transfer: sandboxTransfers, accountNumber: sandboxRecipients.accountNumber })
          .from(sandboxTransfers)
          .innerJoin(sandboxRecipients, eq(sandboxRecipients.code, sandboxTransfers.recipientCode))
          .where(and(isNotNull(sandboxTransfers.dueAt), lte(sandboxTransfers.dueAt, now)))
          .limit(100)
          .for('update', { of: sandboxTransfers, skipLocked: true });
        const rows = [];
        for (const { transfer, accountNumber } of due) {
          const status = transfer.nextStatus ?? transfer.status;
          const isReversing = status === 'success' && magicOf(accountNumber) === '9996';
          const [row] = await tx
            .update(sandboxTransfers)
            .set({
              status,
              nextStatus: isReversing ? 'reversed' : null,
              dueAt: isReversing ? new Date(now.getTime() + REVERSAL_MS) : null,
              reason:
                status === 'reversed'
                  ? 'Sandbox: the receiving bank returned the money'
                  : transfer.reason,
              updatedAt: now,
            })
            .where(eq(sandboxTransfers.reference, transfer.reference))
            .returning();
          if (row) rows.push(row);
        }
        return rows;
      });
      for (const row of moved) await sendWebhook(row.status, row);
      return moved.length;
    },

    setDelivery(next) {
      deliver = next;
    },
  };
}
