/**
 * The payout provider port (docs/ARCHITECTURE.md#ports-and-their-defaults): everything Karta asks of a bank-transfer provider, in
 * our own words. Two implementations follow it: the sandbox (default, state in our database)
 * and Paystack (its published transfer API). Amounts are kobo; references are ours.
 */
export interface Bank {
  /** The provider's code for the bank, sent back on resolution and transfers. */
  code: string;
  name: string;
  /** The 3-digit CBN code NUBAN check digits are computed over, when the bank has one. */
  cbnCode: string | null;
}

export type TransferStatus = 'pending' | 'succeeded' | 'failed' | 'reversed';

export interface Transfer {
  /** Ours: `wd_<withdrawal id>`, unique at the provider. */
  reference: string;
  status: TransferStatus;
  /** Why it failed or was reversed, in the provider's words; null otherwise. */
  reason: string | null;
}

/** A transfer as the provider lists it: when it was made, and how much. */
export interface ListedTransfer extends Transfer {
  amountKobo: bigint;
  /** When the provider made it, by the provider's clock. */
  createdAt: Date;
}

/** A webhook after its signature was checked; its news is re-checked with the provider. */
export interface PayoutEvent {
  /** The provider's event name (`transfer.success`…), kept for de-duplication. */
  event: string;
  reference: string;
  status: TransferStatus;
}

/** The provider could not answer (timeout, 5xx, 429): the outcome is unknown, not failed. */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** A person's names, as Karta holds them. */
export interface AccountHolder {
  firstName: string;
  lastName: string;
}

export interface PayoutProvider {
  readonly name: 'sandbox' | 'paystack';
  listBanks(): Promise<Bank[]>;
  /** The account holder's name, or null when the number does not resolve at that bank. */
  resolveAccount(options: {
    bankCode: string;
    accountNumber: string;
    /**
     * Who Karta expects the holder to be (the seller's BVN names). Never sent to a real
     * provider, whose resolution takes the bank and number only (Paystack's `GET /bank/resolve`):
     * the sandbox, which has no real holders, answers it as the holder's name (decision 064).
     */
    expectedHolder?: AccountHolder;
  }): Promise<string | null>;
  /** A recipient code to pay this account again without resolving it each time. */
  createRecipient(options: {
    bankCode: string;
    accountNumber: string;
    accountName: string;
  }): Promise<string>;
  /** Starts a transfer; the same reference twice never pays twice. */
  startTransfer(options: {
    reference: string;
    recipient: string;
    amountKobo: bigint;
    reason: string;
  }): Promise<Transfer>;
  /** The transfer's state by our reference, or null when the provider never saw it. */
  getTransfer(reference: string): Promise<Transfer | null>;
  /**
   * Every transfer the provider made from `from` (inclusive) to `to` (exclusive; now when
   * absent), oldest first, over all its pages: after a database restore, the provider is the
   * record of what left (docs/deploy.md, after-restore.ts).
   */
  listTransfers(window: { from: Date; to?: Date }): Promise<ListedTransfer[]>;
  /** Checks the signature over the raw body; null when it is missing or wrong. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PayoutEvent | null;
}
